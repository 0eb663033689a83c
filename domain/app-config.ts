import { z } from 'zod';

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
  drawingsUrl: z.string(),
  drawingsPassword: z.string(),
  companyHomeUrl: z.string(),
  companyPages: z.array(z.object({ label: z.string(), url: z.string() })),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const APP_CONFIG_ELEMENT_ID = 'app-config';
