import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { e2eService, runTransloom, serviceEnv } from './test-support/e2e.js';

async function temporary(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

// A module-load probe: `--import` it and every module the process loads is listed in the
// file TRANSLOOM_PROBE_LOG names, with whether it is Babel's parser (by its path, or in a
// bundle by the path esbuild notes above the code it took from it).
async function moduleProbe(): Promise<string> {
  const dir = await temporary('transloom-probe-');
  await writeFile(
    join(dir, 'hooks.mjs'),
    [
      "import { appendFileSync } from 'node:fs';",
      'export async function load(url, context, next) {',
      '  const loaded = await next(url, context);',
      "  const text = loaded.source ? String(loaded.source) : '';",
      "  const babel = url.includes('/@babel/parser/') || text.includes('@babel/parser/lib/index.js');",
      "  appendFileSync(process.env.TRANSLOOM_PROBE_LOG, (babel ? 'babel ' : 'other ') + url + '\\n');",
      '  return loaded;',
      '}',
    ].join('\n'),
  );
  await writeFile(
    join(dir, 'probe.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
  );
  return join(dir, 'probe.mjs');
}

describe('a docs site with nothing to do', async () => {
  const server = await e2eService();

  it('reads its unchanged VitePress config from the cache, without loading Babel', async () => {
    const root = await temporary('transloom-docs-noop-');
    const files: Record<string, string> = {
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        preset: 'vitepress',
      }),
      '.vitepress/config.mts': "export default { srcDir: 'src', cleanUrls: true }\n",
      'src/index.md': '# Home\n\nSee [the guide](/guide).\n',
      'src/guide.md': '# Guide\n\nA first page.\n',
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), text);
    }
    const probe = await moduleProbe();
    const log = join(await temporary('transloom-probe-log-'), 'modules.txt');
    const run = async () => {
      await rm(log, { force: true });
      const result = await runTransloom(['translate', '--json'], {
        cwd: root,
        env: { ...serviceEnv(server), NODE_OPTIONS: `--import=${probe}`, TRANSLOOM_PROBE_LOG: log },
      });
      expect(result.code, result.stderr).toBe(0);
      const modules = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
      return { ...result, modules, babel: modules.some((m) => m.startsWith('babel ')) };
    };

    // The first run parses the config (the probe sees Babel: it finds what it looks for).
    const cold = await run();
    expect(cold.json.requests).toBeGreaterThan(0);
    expect(existsSync(join(root, 'src/de/guide.md'))).toBe(true);
    expect(cold.babel).toBe(true);
    // That run made the state directory; the next keeps the config's reading there.
    await run();
    expect(existsSync(join(root, '.transloom/site-config.json'))).toBe(true);
    const noop = await run();
    expect(noop.json.requests).toBe(0);
    expect(noop.json.files.written).toEqual([]);
    expect(noop.modules.length).toBeGreaterThan(10);
    expect(noop.babel).toBe(false);

    // A changed config is read again (with Babel), and what it says holds: the pages moved.
    await mkdir(join(root, 'pages'));
    await writeFile(join(root, 'pages/about.md'), '# About\n\nWho we are.\n');
    await writeFile(join(root, '.vitepress/config.mts'), "export default { srcDir: 'pages' }\n");
    const changed = await run();
    expect(changed.babel).toBe(true);
    expect(changed.json.requests).toBeGreaterThan(0);
    expect(existsSync(join(root, 'pages/de/about.md'))).toBe(true);
  });
});
