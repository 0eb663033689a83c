// zod 4 probes for `new Function` on its first object parse, which the server's CSP (script-src
// 'self', no 'unsafe-eval') refuses: harmless, but Chrome logs a CSP issue on every screen
// (Lighthouse best practices). Without JIT compiled parsers zod never tries.
//
// The web build resolves every `import … from 'zod'` to this module (vite.config.ts, alias), so
// the setting applies before any schema is built, whichever chunk loads zod first; the first
// load of a screen without schemas (the login screen) carries no zod (decision 013).
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
