/**
 * The configuration's defaults, once for both sides: the server's environment variables fall back
 * to them (server/config.ts), and the web app uses them when its page carries no configuration
 * (the Vite dev server, component tests). A default changed here changes both. Nothing secret
 * belongs here: the web app's first load carries this object (the drawings' password stays in
 * server/config.ts and reaches a signed-in screen only).
 */
export const CONFIG_DEFAULTS = {
  webTitle: 'お客様ポータル',
  supportEmail: 'support@example.com',
  publicApiKey: 'portal-public-key',
  publicBaseUrl: 'http://localhost:3000',
  urlPrefixes: ['https://', 'http://'],
  drawingsUrl: 'https://example.com/drawings',
  companyHomeUrl: 'https://example.com/',
  iconUrl: '/favicon.svg',
  /** docs/product.md §4 and §9: signed out after an hour without activity. */
  sessionIdleMinutes: 60,
  /** The longest a session lasts after its sign-in, however active (docs/decisions/034). */
  sessionMaxHours: 12,
  /**
   * How long a session outlives the page that was closed or reloaded: a reload of the same tab
   * keeps it within this time, closing the last tab ends it (docs/decisions/034).
   */
  sessionLeaveGraceSeconds: 20,
} as const;

/** The maker's own pages the public screens link to, under its home page (docs/product.md §14). */
export const companyPagesOf = (companyHomeUrl: string) => [
  { label: '会社情報', url: companyHomeUrl },
  { label: '製品情報', url: new URL('products', companyHomeUrl).href },
  { label: 'お問い合わせ', url: new URL('contact', companyHomeUrl).href },
];
