import { z } from 'zod';
import { carrierTrackingTableSchema } from './carrier-tracking';

/**
 * The part of the server configuration the web app needs (docs/product.md §14). The server embeds it
 * in index.html as <script id="app-config" type="application/json">, so no request is needed
 * before the first screen renders.
 */
export const appConfigSchema = z.object({
  webTitle: z.string(),
  /** The address people open (PUBLIC_BASE_URL), named when sign-in is refused elsewhere. */
  publicBaseUrl: z.string(),
  supportEmail: z.string(),
  publicApiKey: z.string(),
  /** The {host} prefix notice and banner URLs must start with (docs/product.md §5). */
  urlPrefixes: z.array(z.string()),
  companyHomeUrl: z.string(),
  companyPages: z.array(z.object({ label: z.string(), url: z.string() })),
  /** The browser tab's icon (ICON_URL); the server writes it into the page's <link rel="icon">. */
  iconUrl: z.string().optional(),
  /** The headers' logo (LOGO_URL); absent, the product's own mark. */
  logoUrl: z.string().optional(),
  /**
   * The carrier tracking table (domain/carrier-tracking.ts with CARRIER_TRACKING_FILE applied):
   * the detail panel draws a label number's link with trackingUrl(carrierTracking, …). Absent in
   * an older server's page: use DEFAULT_CARRIER_TRACKING.
   */
  carrierTracking: carrierTrackingTableSchema.optional(),
  /**
   * The session's lifetime the screen follows (SESSION_IDLE_MINUTES, SESSION_LEAVE_GRACE_SECONDS;
   * decision 034). Absent in an older server's page: domain/config-defaults.ts.
   */
  session: z.object({ idleMinutes: z.number(), leaveGraceSeconds: z.number() }).optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

// Its own constant in constants.ts, so that the web app reads it without this file's zod schemas.
export { APP_CONFIG_ELEMENT_ID } from './constants';
