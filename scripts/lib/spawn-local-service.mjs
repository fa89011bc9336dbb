// Starts the built local service in its own process (so a benchmark's memory figures are the
// client's alone) and resolves with its URL once it listens. It is killed when this process exits.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starts `packages/server/dist/bin.js` with `args`; resolves with `{ url, child }`. */
export async function spawnLocalService(args) {
  const child = spawn(process.execPath, ['packages/server/dist/bin.js', '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the local service exited with ${code}`)));
  });
  return { url, child };
}
