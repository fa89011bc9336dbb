// Starts the built local service in its own process (so a benchmark's memory figures are the
// client's alone) and resolves with its URL once it listens. It is killed when this process exits.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts `packages/server/dist/bin.js` with `args` (and `--admin-key` when `adminKey` is given);
 * resolves with `{ url, child, control }`. `control(method, path, body)` calls the admin routes
 * under `/__transloom/` (fault injection, the request log) with that key.
 */
export async function spawnLocalService(args, { adminKey } = {}) {
  const child = spawn(
    process.execPath,
    [
      'packages/server/dist/bin.js',
      '--port',
      '0',
      ...args,
      ...(adminKey === undefined ? [] : ['--admin-key', adminKey]),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
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
  const control = (method, path, body) => {
    if (adminKey === undefined) throw new Error('spawnLocalService: control needs an adminKey');
    return fetch(`${url}/__transloom/${path}`, {
      method,
      headers: {
        authorization: `Service-Auth-Key ${adminKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  return { url, child, control };
}
