import { APP_CONFIG_ELEMENT_ID, type AppConfig, appConfigSchema } from '@domain/app-config';
import { createContext, type ReactNode, useContext, useState } from 'react';

/**
 * Used when index.html carries no configuration (the Vite dev server, component tests). Mirrors
 * the server's defaults in server/config.ts.
 */
export const DEFAULT_APP_CONFIG: AppConfig = {
  webTitle: 'お客様ポータル',
  publicBaseUrl: 'http://localhost:3000',
  supportEmail: 'support@example.com',
  publicApiKey: 'portal-public-key',
  urlPrefixes: ['https://', 'http://'],
  drawingsUrl: 'https://example.com/drawings',
  drawingsPassword: 'roof2025',
  companyHomeUrl: 'https://example.com/',
  companyPages: [
    { label: '会社情報', url: 'https://example.com/' },
    { label: '製品情報', url: 'https://example.com/products' },
    { label: 'お問い合わせ', url: 'https://example.com/contact' },
  ],
};

/** Reads the configuration the production server embeds before </head> (docs/product.md §14). */
export function readAppConfig(doc: Document = document): AppConfig {
  const text = doc.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_APP_CONFIG;
  try {
    const parsed = appConfigSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.warn('Embedded app-config is invalid; using defaults.', parsed.error.issues);
  } catch (error) {
    console.warn('Embedded app-config is not JSON; using defaults.', error);
  }
  return DEFAULT_APP_CONFIG;
}

const AppConfigContext = createContext<AppConfig>(DEFAULT_APP_CONFIG);

export function AppConfigProvider({
  config,
  children,
}: {
  /** Overrides the embedded configuration (tests). */
  config?: AppConfig;
  children: ReactNode;
}) {
  const [value] = useState(() => config ?? readAppConfig());
  return <AppConfigContext.Provider value={value}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}
