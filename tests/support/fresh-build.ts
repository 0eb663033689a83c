// The tests that read the build (the route budgets, the server-rendered login screen) check the
// build of the sources they run with, or fail saying why: they never pass without checking, nor
// check a build older than the sources. `npm test` builds before they run.
import { buildNeeded } from '../../scripts/build-state.mjs';

/** Throws, naming the reason and the command, unless dist/ is complete and newer than the sources. */
export function requireFreshBuild(): void {
  const reason = buildNeeded();
  if (reason) throw new Error(`the build is not usable (${reason}): run npm run build first`);
}
