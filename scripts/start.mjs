// `npm start`: builds whatever is not built yet, then serves the production build.
import { buildNeeded } from './build-state.mjs';

const reason = buildNeeded();
if (reason) {
  console.log(`building (${reason}) ...`);
  const { buildAll } = await import('./build.mjs');
  await buildAll();
}
await import('../dist/server/main.js');
