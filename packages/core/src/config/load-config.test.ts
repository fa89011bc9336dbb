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
      `${join(dir, 'bad.json')}: invalid configuration:\n  concurency: unknown key; did you mean 'concurrency'? (line 1, column 84)`,
    );
  });

  it('checks adapter options by their format’s schema, at the option key’s line and column', async () => {
    const entry = (options: unknown, source = 'docs/**/*.md') => ({ source, options });
    const json = JSON.stringify(
      {
        ...minimal,
        files: [
          entry({ syntax: 'material' }),
          entry({ templates: ['mustache', 'razor'] }, 'site/*.html'),
          entry({ segmentFrom: 'target' }, 'l/{locale}.xlf'),
          { ...entry({ keySeparator: '' }, 'l/{locale}'), format: 'json' },
        ],
      },
      null,
      2,
    );
    const dir = await project('options', { 'transloom.json': json });
    const error = (await loadConfig({ cwd: dir, configFile: 'transloom.json' }).catch(
      (e: unknown) => e,
    )) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    // Where a key is written (each is written once).
    const at = (key: string) => {
      const lines = json.split('\n');
      const line = lines.findIndex((l) => l.includes(`"${key}"`)) + 1;
      return { line, column: lines[line - 1]!.indexOf(`"${key}"`) + 1 };
    };
    expect(error.file).toBe(join(dir, 'transloom.json'));
    expect(error.issues).toEqual([
      {
        path: 'files[0].options.syntax',
        message: 'must be one of commonmark, mkdocs',
        ...at('syntax'),
      },
      {
        path: 'files[1].options.templates',
        message: expect.stringMatching(/^\[1\]: "razor" is not a template syntax/),
        ...at('templates'),
      },
      {
        path: 'files[2].options.segmentFrom',
        message: "unknown option of xliff12; did you mean 'segmentsFrom'?",
        ...at('segmentFrom'),
      },
      {
        path: 'files[3].options.keySeparator',
        message: expect.stringContaining('>=1 characters'),
        ...at('keySeparator'),
      },
    ]);
    expect(error.message).toContain(
      `files[0].options.syntax: must be one of commonmark, mkdocs (line ${at('syntax').line}, column ${at('syntax').column})`,
    );
    expect(error.position).toEqual({ file: join(dir, 'transloom.json'), ...at('syntax') });
    // The same in YAML, and an option of another format than the entry's.
    const yaml = await project('options-yaml', {
      '.transloomrc.yaml': [
        'sourceLocale: en',
        'targetLocales: [de]',
        'files:',
        '  - source: pages/*.html',
        '    options:',
        '      fragment: true',
        '      syntax: mkdocs',
        '',
      ].join('\n'),
    });
    const second = (await loadConfig({ cwd: yaml }).catch((e: unknown) => e)) as ConfigError;
    expect(second.issues).toEqual([
      {
        path: 'files[0].options.syntax',
        message: 'unknown option of html; allowed: fragment, attributes, templates',
        line: 7,
        column: 7,
      },
    ]);
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
