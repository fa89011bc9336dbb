import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, UsageError } from '@transloom/client/errors';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { NotWritableError } from '../pipeline/check-writable.js';
import { targetLangOf } from '../settings/target-language.js';
import { TEST_KEY, testProject, testService } from '../test-support/test-project.js';
import { createProject } from './create-project.js';

// What a run checks before it reads a catalog or sends a text: each problem here used to
// be found after files were written or characters billed.

const catalog = JSON.stringify({ hello: 'Hello', bye: 'Goodbye' });

/** Makes a folder unwritable even for root (immutable), or by its mode for anyone else. */
function lockFolder(path: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', path]);
    return () => execFileSync('chattr', ['-i', path]);
  }
  execFileSync('chmod', ['555', path]);
  return () => execFileSync('chmod', ['755', path]);
}

/** A project of one catalog in `locales/en/app.json`, translated into German. */
const catalogProject = () =>
  testProject({
    'transloom.config.json': JSON.stringify({
      sourceLocale: 'en',
      targetLocales: ['de'],
      files: [{ source: 'locales/{locale}/*.json' }],
    }),
    'locales/en/app.json': catalog,
  });

describe('before a run reads or sends anything', async () => {
  const server = await testService();
  const service = { url: server.url, apiKey: TEST_KEY };
  const translateRequests = () =>
    server.faults!.requests.splice(0).filter((r) => r.path === '/v2/translate').length;

  it('tells once that sources are parsed, before planning, and never on a run with nothing to do', async () => {
    const project = await catalogProject();
    const events: string[] = [];
    const onEvent = (event: { type: string }) => events.push(event.type);
    await project.run(server, { onEvent });
    expect(events.filter((type) => type === 'parsing')).toHaveLength(1);
    expect(events.indexOf('parsing')).toBeLessThan(events.indexOf('planned'));
    events.length = 0;
    await project.run(server, { onEvent });
    expect(events).toContain('planned');
    expect(events).not.toContain('parsing');
  });

  it('refuses a target locale the service cannot translate into, naming the one meant', () => {
    const resolve = (targetLocales: string[]) =>
      resolveConfig(
        { sourceLocale: 'en', targetLocales, files: [{ source: '{locale}.json' }] },
        '/p',
      );
    expect(() => resolve(['de', 'jp'])).toThrow(ConfigError);
    expect(() => resolve(['de', 'jp'])).toThrow(
      /targetLocales\[1\]: 'jp' is not a language the service translates into; did you mean 'ja'\?/,
    );
    expect(() => resolve(['cn'])).toThrow(/did you mean 'zh'/);
    expect(() => resolve(['xx-YY'])).toThrow(/'xx-YY' is not a language/);
    // A region the service has no variant for is its language; a bare `en` is allowed, with a warning.
    expect(resolve(['de-AT', 'pt-BR', 'zh-TW', 'sr-Latn']).warnings).toEqual([]);
    expect(
      resolveConfig(
        { sourceLocale: 'de', targetLocales: ['en'], files: [{ source: '{locale}.json' }] },
        '/p',
      ).warnings,
    ).toEqual([
      {
        path: 'targetLocales[0]',
        message:
          "'en' names no variant, so the service picks one; write 'en-US' or 'en-GB' to choose",
      },
    ]);
    // Taiwan and Hong Kong write traditional characters.
    expect(['zh-TW', 'zh-HK', 'zh-Hant', 'zh-CN', 'zh'].map(targetLangOf)).toEqual([
      'ZH-HANT',
      'ZH-HANT',
      'ZH-HANT',
      'ZH-HANS',
      'ZH',
    ]);
  });

  it('reports a target locale without its variant on every run', async () => {
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'de',
        targetLocales: ['en'],
        files: [{ source: 'locales/{locale}.json' }],
      }),
      'locales/de.json': catalog,
    });
    const run = await project.run(server);
    expect(run.diagnostics).toContainEqual(
      expect.objectContaining({
        rule: 'config',
        severity: 'warning',
        file: 'transloom.config.json',
      }),
    );
  });

  it('refuses a file entry that matches no source file, in every mode, with the folder meant', async () => {
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en-US',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
      }),
      'locales/en/app.json': catalog,
    });
    translateRequests();
    const engine = await createProject({ cwd: project.root, service });
    for (const call of [() => engine.translate(), () => engine.check(), () => engine.status()]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues).toEqual([
        {
          path: 'files[0].source',
          message:
            "'locales/{locale}/*.json' matches no source file for sourceLocale 'en-US': 'locales/en-US' does not exist; did you mean 'locales/en'? (a project with no such files yet: --allow-empty)",
        },
      ]);
    }
    // A project that has no such files yet says so.
    const empty = await engine.translate({ allowEmpty: true });
    expect(empty.files.total).toBe(0);
    await engine.close();
    expect(translateRequests()).toBe(0);
  });

  it('refuses a read-only target folder before the first request, and bills nothing', async () => {
    const project = await catalogProject();
    await mkdir(join(project.root, 'locales/de'));
    const unlock = lockFolder(join(project.root, 'locales/de'));
    try {
      translateRequests();
      const error = await project.run(server).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotWritableError);
      expect((error as NotWritableError).message).toMatch(
        /^cannot write 'locales\/de\/app\.json': the folder 'locales\/de' is not writable \((EPERM|EACCES)\); nothing was sent$/,
      );
      expect((error as NotWritableError).kind).toBe('user');
      expect(translateRequests()).toBe(0);
      expect(await readdir(join(project.root, 'locales/de'))).toEqual([]);
    } finally {
      unlock();
    }
  });

  it('goes on with the other files when one cannot be written, and says which', async () => {
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }, { source: 'other/{locale}.json' }],
      }),
      'locales/en/a.json': catalog,
      'other/en.json': catalog,
    });
    await mkdir(join(project.root, 'locales/de'));
    // The folder turns read-only while the run works (a disk that fills, a mount that goes).
    let unlock: (() => void) | undefined;
    try {
      const run = await project.run(server, {
        onEvent: (event) => {
          if (event.type === 'planned' && !unlock)
            unlock = lockFolder(join(project.root, 'locales/de'));
        },
      });
      expect(run.diagnostics).toContainEqual(
        expect.objectContaining({ file: 'locales/de/a.json', rule: 'write', severity: 'error' }),
      );
      expect(run.files.written).toEqual(['other/de.json']);
    } finally {
      unlock?.();
    }
    // The lock says the unwritten file's units are still to do.
    const check = await project.run(server, { mode: 'check' });
    expect(check.pending.map((p) => `${p.file} ${p.unit}`)).toEqual([
      'locales/en/a.json hello',
      'locales/en/a.json bye',
    ]);
  });

  it('settles which service to use before reading a file: a key without an address writes nothing', async () => {
    const project = await catalogProject();
    const engine = await createProject({
      cwd: project.root,
      env: { TRANSLOOM_API_KEY: 'a-key' },
      localService: async () => ({ url: server.url, apiKey: TEST_KEY, close: async () => {} }),
    });
    await expect(engine.translate()).rejects.toBeInstanceOf(UsageError);
    await engine.close();
    expect(await readdir(project.root)).toEqual(expect.not.arrayContaining(['transloom.lock']));
    await expect(readdir(join(project.root, 'locales/de'))).rejects.toThrow(/ENOENT/);
  });

  it('keeps its state directory out of git', async () => {
    const project = await catalogProject();
    const engine = await createProject({ cwd: project.root, service });
    await engine.translate();
    await engine.close();
    expect(await readFile(join(project.root, '.transloom/.gitignore'), 'utf8')).toMatch(/^\*$/m);
    execFileSync('git', ['init', '-q'], { cwd: project.root });
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
      cwd: project.root,
      encoding: 'utf8',
    });
    expect(status).not.toContain('.transloom');
    expect(status).toContain('locales/de/app.json');
  });
});
