import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@transloom/client/errors';
import { afterAll, describe, expect, it } from 'vitest';
import { findConfigFile } from './find-config-file.js';
import { loadConfig } from './load-config.js';

const MINIMAL = {
  sourceLocale: 'en',
  targetLocales: ['de'],
  files: [{ source: 'l/{locale}.json' }],
};

describe('configuration formats', async () => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-config-formats-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const project = async (name: string, files: Record<string, string>) => {
    const dir = join(root, name);
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    return dir;
  };
  // A configuration that, when run, leaves a marker file: proof that it ran.
  const marking = (marker: string, commonJs = false) =>
    commonJs
      ? `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\nmodule.exports = ${JSON.stringify(MINIMAL)};\n`
      : `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default ${JSON.stringify(MINIMAL)};\n`;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a ConfigError');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(ConfigError);
        return error as ConfigError;
      },
    );

  it('refuses two configuration files in one folder, a .ts beside a .json too', async () => {
    const dir = await project('two', {
      'transloom.config.json': JSON.stringify(MINIMAL),
      'transloom.config.ts': marking(join(root, 'two-ran')),
      'src/x.txt': '',
    });
    const error = await failure(loadConfig({ cwd: join(dir, 'src') }));
    expect(error.message).toBe(
      `${dir}: invalid configuration:\n  (root): this folder holds 2 configuration files (transloom.config.ts, transloom.config.json): which one is meant cannot be told; keep one`,
    );
    expect(existsSync(join(root, 'two-ran'))).toBe(false);
    // package.json counts only with a `transloom` key.
    const pkg = await project('pkg-plain', {
      'package.json': JSON.stringify({ name: 'x' }),
      '.transloomrc.json': JSON.stringify(MINIMAL),
    });
    expect(await findConfigFile(pkg)).toEqual({
      file: join(pkg, '.transloomrc.json'),
      format: 'json',
    });
    const both = await project('pkg-both', {
      'package.json': JSON.stringify({ name: 'x', transloom: MINIMAL }),
      '.transloomrc.json': JSON.stringify(MINIMAL),
    });
    await failure(loadConfig({ cwd: both }));
  });

  it('the nearest folder wins, and the search ends at the project (its package.json)', async () => {
    const dir = await project('near', {
      'package.json': '{}',
      'transloom.config.json': JSON.stringify(MINIMAL),
      'app/.transloomrc.yaml':
        'sourceLocale: en\ntargetLocales: [pl]\nfiles:\n  - source: l/{locale}.json\n',
      'app/deep/x.txt': '',
      'other/package.json': '{}',
    });
    expect((await loadConfig({ cwd: join(dir, 'app/deep') })).targetLocales).toEqual(['pl']);
    expect(await findConfigFile(join(dir, 'other'))).toBeUndefined();
  });

  it.each([
    'transloom.config.mjs',
    'transloom.config.js',
    'transloom.config.ts',
    '.transloomrc.cjs',
  ])('with data formats only, refuses %s without running it', async (name) => {
    const marker = join(root, `${name}-ran`);
    const dir = await project(`code-${name}`, { [name]: marking(marker, name.endsWith('.cjs')) });
    const error = await failure(loadConfig({ cwd: dir, formats: ['json', 'yaml'] }));
    expect(error.file).toBe(join(dir, name));
    expect(error.message).toContain(
      'loading it would run it as code, and this run reads only JSON or YAML configuration, so it was not loaded',
    );
    expect(existsSync(marker)).toBe(false);
    // Named explicitly, it is refused the same way.
    await failure(loadConfig({ cwd: dir, configFile: name, formats: ['json'] }));
    expect(existsSync(marker)).toBe(false);
    // A host that accepts code runs it.
    await loadConfig({ cwd: dir });
    expect(existsSync(marker)).toBe(true);
  });

  it('reads JSON as data only: no $import (which could load code), no link, no quoted text', async () => {
    const marker = join(root, 'import-ran');
    const dir = await project('import', {
      'evil.mjs': marking(marker),
      'transloom.config.json': JSON.stringify({ $import: './evil.mjs', ...MINIMAL }),
    });
    const error = await failure(loadConfig({ cwd: dir, formats: ['json'] }));
    expect(error.message).toContain("'$import' loads other files");
    expect(existsSync(marker)).toBe(false);

    const secret = await project('secret', { 'secret.txt': 'TOKEN=ghp_secretValue123\n' });
    const linked = await project('linked', {});
    await mkdir(linked, { recursive: true });
    await symlink(join(secret, 'secret.txt'), join(linked, 'transloom.config.json'));
    const link = await failure(loadConfig({ cwd: linked, formats: ['json'] }));
    expect(link.message).toContain('is a symbolic link');
    expect(link.message).not.toContain('ghp_secretValue123');

    const broken = await project('broken', {
      'transloom.config.json': '{\n  "sourceLocale": "en",\n  SECRET-TEXT\n}\n',
    });
    const parse = await failure(loadConfig({ cwd: broken, formats: ['json'] }));
    expect(parse.message).toMatch(/is not valid JSON \(line 3, column 3\)$/);
    expect(parse.message).not.toContain('SECRET');

    const ok = await project('data', { 'package.json': JSON.stringify({ transloom: MINIMAL }) });
    expect((await loadConfig({ cwd: ok, formats: ['json'] })).targetLocales).toEqual(['de']);
  });

  it('caps what it reads as data, not what the file claims (a /proc file says 0 bytes)', async () => {
    const error = await failure(
      loadConfig({ cwd: '/proc', configFile: '/proc/kallsyms', formats: ['json', 'yaml'] }),
    );
    expect(error.message).toBe(
      '/proc/kallsyms: invalid configuration:\n  (root): is larger than 1048576 bytes',
    );
  });

  it('with JSON only, refuses YAML', async () => {
    const dir = await project('yaml', { '.transloomrc': 'sourceLocale: en\n' });
    const error = await failure(loadConfig({ cwd: dir, formats: ['json'] }));
    expect(error.message).toContain('is YAML');
  });
});
