import type { AppConfig } from '@domain/app-config';
import { CONFIG_DEFAULTS, companyPagesOf } from '@domain/config-defaults';
import { APP_CONFIG_ELEMENT_ID } from '@domain/constants';
import { createContext, type ReactNode, useContext, useState } from 'react';

/**
 * Used when index.html carries no configuration (the Vite dev server, component tests): the
 * server's own defaults (domain/config-defaults.ts).
 */
export const DEFAULT_APP_CONFIG: AppConfig = {
  webTitle: CONFIG_DEFAULTS.webTitle,
  publicBaseUrl: CONFIG_DEFAULTS.publicBaseUrl,
  supportEmail: CONFIG_DEFAULTS.supportEmail,
  publicApiKey: CONFIG_DEFAULTS.publicApiKey,
  urlPrefixes: [...CONFIG_DEFAULTS.urlPrefixes],
  companyHomeUrl: CONFIG_DEFAULTS.companyHomeUrl,
  companyPages: companyPagesOf(CONFIG_DEFAULTS.companyHomeUrl),
  session: {
    idleMinutes: CONFIG_DEFAULTS.sessionIdleMinutes,
    leaveGraceSeconds: CONFIG_DEFAULTS.sessionLeaveGraceSeconds,
  },
};

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isString);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether an embedded configuration has the shape of domain/app-config.ts's appConfigSchema. Checked
 * by hand: this runs in every screen's first load, which has no room for zod (decision 013). The
 * carrier table is only checked for its shape here; the orders screen, which builds links from
 * it, applies its full rules (useTrackingUrl).
 */
export function isAppConfig(value: unknown): value is AppConfig {
  if (!isObject(value)) return false;
  const strings = [
    'webTitle',
    'publicBaseUrl',
    'supportEmail',
    'publicApiKey',
    'companyHomeUrl',
  ] as const;
  return (
    strings.every((key) => isString(value[key])) &&
    isStringList(value.urlPrefixes) &&
    Array.isArray(value.companyPages) &&
    value.companyPages.every(
      (page) => isObject(page) && isString(page.label) && isString(page.url),
    ) &&
    (value.carrierTracking === undefined ||
      (isObject(value.carrierTracking) &&
        Object.values(value.carrierTracking).every(
          (entry) =>
            isObject(entry) &&
            isString(entry.name) &&
            isStringList(entry.aliases) &&
            isString(entry.url),
        )))
  );
}

/** Reads the configuration the production server embeds before </head> (docs/product.md §14). */
export function readAppConfig(doc: Document = document): AppConfig {
  const text = doc.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_APP_CONFIG;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isAppConfig(parsed)) return parsed;
    console.warn('Embedded app-config is invalid; using defaults.');
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
