// A Node.js process of a bench that prints `listening on http://...` when it is ready.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const children = new Set();
// A bench that fails half-way leaves no process behind.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * Starts `node ...args` in `cwd` (default: the repository) and resolves with the address it
 * prints (`ready` finds it), its pid and `stop()`, which ends it with SIGTERM and resolves once
 * it has exited. What the process logs after that is read and dropped, as a terminal would.
 */
export function startListening(
  args,
  cwd = ROOT,
  { env, ready = /listening on (http:\/\/\S+)/ } = {},
) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let started = false;
    child.stdout.on('data', (d) => {
      if (started) return;
      out += d;
      const match = ready.exec(out);
      if (match) {
        started = true;
        resolve({
          url: match[1],
          pid: child.pid,
          stop: () =>
            new Promise((done) => {
              children.delete(child);
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
}
