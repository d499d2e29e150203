// Development: the API server with reload on change (tsx watch, TypeScript sources) and the Vite dev
// server with hot reload, which proxies /api to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=source', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], { stdio: 'inherit' }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
