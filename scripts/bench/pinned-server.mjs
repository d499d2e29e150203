// Starts a bench server script in a child process pinned to core 0 (the load generator stays on
// core 1), or to the cores given, and resolves with the JSON line it prints once it listens.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export function startPinnedServer(script, { env = {}, nodeArgs = [], cores = '0' } = {}) {
  const child = spawn('taskset', ['-c', cores, process.execPath, ...nodeArgs, new URL(script, import.meta.url).pathname], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  });
  return ready.then((info) => ({
    ...info,
    // taskset runs node in its own place (exec), so this is the server's own process.
    pid: child.pid,
    stop() {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
    },
  }));
}
