import { spawn } from 'node:child_process';
import { once } from 'node:events';

// s3rver in a process of its own, as a real store would be: its continuation tokens use DES, which
// OpenSSL 3 only has in the legacy provider. The child exits when its stdin (this process) goes.
const S3RVER_CHILD = `
const S3rver = require('s3rver');
process.stdin.on('end', () => process.exit(0)).resume();
new S3rver({ address: '127.0.0.1', port: Number(process.env.S3RVER_PORT), silent: true, directory: process.env.S3RVER_DIR })
  .run()
  .then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'));
`;

export interface S3rverProcess {
  port: number;
  /** The store's endpoint URL (path-style). */
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts an S3-compatible server on loopback over `directory` (port 0: any free port). */
export async function startS3rver(directory: string, port = 0): Promise<S3rverProcess> {
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', S3RVER_CHILD], {
    cwd: process.cwd(),
    env: { ...process.env, S3RVER_DIR: directory, S3RVER_PORT: String(port) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await Promise.race([
    once(child.stdout, 'data'),
    once(child, 'exit').then(() => {
      throw new Error('s3rver did not start');
    }),
  ])) as [Buffer];
  const answer = JSON.parse(line.toString('utf8')) as { port: number };
  return {
    port: answer.port,
    endpoint: `http://127.0.0.1:${answer.port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
    },
  };
}
