import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';
import { ConfigError } from './resolve-config.js';

describe('loadConfig', async () => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-config-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const project = async (name: string, files: Record<string, string>) => {
    const dir = join(root, name);
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    return dir;
  };
  const minimal = {
    sourceLocale: 'en',
    targetLocales: ['de'],
    files: [{ source: 'l/{locale}.json' }],
  };

  it('finds the configuration upward from the working directory', async () => {
    const dir = await project('json', {
      '.transloomrc.json': JSON.stringify(minimal),
      'src/deep/x.txt': '',
    });
    const config = await loadConfig({ cwd: join(dir, 'src/deep') });
    expect(config.root).toBe(dir);
    expect(config.file).toBe(join(dir, '.transloomrc.json'));
  });

  it('reads a JSON config directly, and one with $import or that does not parse as cosmiconfig does', async () => {
    const imports = await project('json-import', {
      'base.json': JSON.stringify({ sourceLocale: 'en', files: minimal.files }),
      'transloom.config.json': JSON.stringify({ $import: './base.json', targetLocales: ['fr'] }),
    });
    const merged = await loadConfig({ cwd: imports });
    expect(merged.targetLocales).toEqual(['fr']);
    expect(merged.sourceLocale).toBe('en');
    const broken = await project('json-broken', { 'transloom.config.json': '{"sourceLocale": ' });
    const error = await loadConfig({ cwd: broken }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('cannot be read');
  });

  it('reads package.json#transloom and a TypeScript config with defineConfig', async () => {
    const pkg = await project('pkg', {
      'package.json': JSON.stringify({ name: 'x', transloom: minimal }),
    });
    expect((await loadConfig({ cwd: pkg })).targetLocales).toEqual(['de']);
    const ts = await project('ts', {
      'transloom.config.ts': `import type { TransloomConfig } from '@transloom/core';\nconst config: TransloomConfig = { sourceLocale: 'en', targetLocales: ['ja'], files: [{ source: 'l/{locale}.json' }] };\nexport default config;\n`,
    });
    expect((await loadConfig({ cwd: ts })).targetLocales).toEqual(['ja']);
  });

  it('reads an explicit file, and names the file of an invalid one', async () => {
    const dir = await project('explicit', {
      'conf/tl.json': JSON.stringify({ ...minimal, targetLocales: ['pl'] }),
      'bad.json': JSON.stringify({ ...minimal, concurency: 2 }),
    });
    expect((await loadConfig({ cwd: dir, configFile: 'conf/tl.json' })).targetLocales).toEqual([
      'pl',
    ]);
    const error = await loadConfig({ cwd: dir, configFile: 'bad.json' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      `${join(dir, 'bad.json')}: invalid configuration:\n  concurency: unknown key; did you mean 'concurrency'?`,
    );
  });

  it('says where it looked when there is none, and names a file it cannot parse', async () => {
    const dir = await project('none', { 'a.txt': '' });
    await expect(loadConfig({ cwd: dir })).rejects.toThrow(/no configuration found from .* upward/);
    const broken = await project('broken', { 'transloom.config.json': '{ "sourceLocale": ' });
    await expect(loadConfig({ cwd: broken })).rejects.toThrow(
      /transloom\.config\.json.*cannot be read/s,
    );
  });
});
