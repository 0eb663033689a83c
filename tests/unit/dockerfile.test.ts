import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// No container runtime runs in the test suite: the image's properties an operator relies on are
// read from the Dockerfile itself. Its build steps are proven by the production-install test,
// which runs the same script (decision 028).

interface Instruction {
  keyword: string;
  args: string;
}

/** The instructions of a Dockerfile, continuation lines joined, comments left out. */
function instructionsOf(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

const instructions = instructionsOf(readFileSync('Dockerfile', 'utf8'));
const stages = instructions.reduce<Instruction[][]>((all, instruction) => {
  if (instruction.keyword === 'FROM') all.push([]);
  all.at(-1)?.push(instruction);
  return all;
}, []);
const build = stages[0] ?? [];
const run = stages.at(-1) ?? [];
const argsOf = (stage: Instruction[], keyword: string) =>
  stage.filter((i) => i.keyword === keyword).map((i) => i.args);

describe('the Dockerfile', () => {
  it('builds in one stage and runs from another, both on the Node 20 slim image pinned to an exact version', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      expect(stage[0]?.args).toMatch(/^node:20\.\d+\.\d+-[a-z]+-slim(@sha256:[0-9a-f]{64})?(\s|$)/);
    }
  });

  it('builds with the shared production build script', () => {
    expect(argsOf(build, 'RUN')).toContain('sh scripts/production-build.sh');
  });

  it('copies into the run stage only dist/ and the production dependencies from the build', () => {
    const copies = argsOf(run, 'COPY');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      expect(copy).toMatch(/^--from=build \/app\/(dist|node_modules|package\.json) /);
    }
    expect(copies.some((c) => c.startsWith('--from=build /app/dist '))).toBe(true);
  });

  it('runs as a user other than root', () => {
    const users = argsOf(run, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it('checks its health on /readyz with node', () => {
    const [healthcheck] = argsOf(run, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/CMD \["node",/);
    expect(healthcheck).toContain('/readyz');
  });

  it('starts the server with node in exec form, so that SIGTERM reaches it', () => {
    expect(argsOf(run, 'STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(argsOf(run, 'ENTRYPOINT')).toEqual([]);
    const cmd = argsOf(run, 'CMD').at(-1) ?? '';
    expect(JSON.parse(cmd)).toEqual(['node', 'dist/server/main.js']);
  });

  it('keeps DATA_DIR on a volume', () => {
    const env = argsOf(run, 'ENV').join(' ');
    const dataDir = /DATA_DIR=(\S+)/.exec(env)?.[1];
    expect(dataDir).toBeDefined();
    const volumes = argsOf(run, 'VOLUME').flatMap((v) =>
      v.startsWith('[') ? (JSON.parse(v) as string[]) : v.split(/\s+/),
    );
    expect(volumes).toContain(dataDir);
  });

  it('leaves installed packages, builds and data out of the build context', () => {
    const ignored = readFileSync('.dockerignore', 'utf8').split('\n');
    for (const entry of ['node_modules', 'dist', 'data', '.git', '.env']) {
      expect(ignored).toContain(entry);
    }
  });
});
