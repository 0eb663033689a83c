// `npm run dev`: the API server restarting on change (port 3000) and Vite with hot reload (port 5173),
// which proxies /api to the server. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PUBLIC_BASE_URL: 'http://localhost:5173' },
  }),
  spawn('npx', ['vite', '--config', 'vite.config.ts'], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
