import { config } from 'zod';

// zod 4 probes for `new Function` on its first object parse, which the server's CSP (script-src
// 'self', no 'unsafe-eval') refuses: harmless, but Chrome logs a CSP issue on every screen
// (Lighthouse best practices, issue 23). Without JIT compiled parsers zod never tries.
// Imported first by main.tsx, before any schema parses.
config({ jitless: true });
