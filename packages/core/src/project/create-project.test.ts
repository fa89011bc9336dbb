import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, UsageError } from '@transloom/client/errors';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectLockedError } from '../errors/project-locked-error.js';
import { TEST_KEY, testProject, testService } from '../test-support/test-project.js';
import { createProject } from './create-project.js';
import type { RunEvent } from './project-types.js';

const CONFIG = JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de', 'ja'],
  files: [{ source: 'locales/{locale}/*.json' }],
});

describe('createProject', async () => {
  const server = await testService();
  const service = { url: server.url, apiKey: TEST_KEY };
  // Texts the service was asked to translate since the last look.
  const sent = () =>
    server
      .faults!.requests.splice(0)
      .filter((r) => r.path === '/v2/translate')
      .reduce((n, r) => n + (r.texts ?? 0), 0);

  it('translates one changed file, then another, sending only what changed each time', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': JSON.stringify({ one: 'One', two: 'Two' }),
      'locales/en/b.json': JSON.stringify({ three: 'Three' }),
    });
    const engine = await createProject({ cwd: project.root, service });
    sent();
    const cold = await engine.translate();
    expect(sent()).toBe(6); // three strings, two locales
    expect(cold.files.written).toHaveLength(4);

    await project.write('locales/en/a.json', JSON.stringify({ one: 'One', two: 'Two!' }));
    const first = await engine.translate({ files: ['locales/en/a.json'] });
    expect(sent()).toBe(2);
    expect(first.files.total).toBe(1);
    expect(first.locales.de).toMatchObject({ translated: 1, unchanged: 1 });

    await project.write('locales/en/b.json', JSON.stringify({ three: 'Three', four: 'Four' }));
    // An absolute path, as a file watcher gives it.
    const second = await engine.translate({ files: [join(project.root, 'locales/en/b.json')] });
    expect(sent()).toBe(2);
    expect(second.locales.ja).toMatchObject({ translated: 1, unchanged: 1 });

    // Both runs kept the other file's lock lines: a whole-project run finds nothing to do.
    const rest = await engine.translate();
    expect(sent()).toBe(0);
    expect(rest.files.upToDate).toBe(2);
    // A file that is not a source of the project is nothing to do.
    const other = await engine.translate({ files: ['README.md'] });
    expect(other.files.total).toBe(0);
    await engine.close();
  });

  it('opens one service connection for every call, and closes it with the project', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': JSON.stringify({ one: 'One' }),
    });
    let started = 0;
    let stopped = 0;
    const events: RunEvent[] = [];
    const engine = await createProject({
      cwd: project.root,
      env: {},
      localService: async () => {
        started++;
        return { url: server.url, apiKey: TEST_KEY, close: async () => void stopped++ };
      },
      onEvent: (event) => events.push(event),
    });
    // Nothing to send: the service is not started.
    await project.write('locales/de/a.json', '{}');
    expect((await engine.check()).pending).toHaveLength(2);
    expect(started).toBe(0);
    await engine.translate();
    await project.write('locales/en/a.json', JSON.stringify({ one: 'One', two: 'Two' }));
    await engine.translate();
    expect(started).toBe(1);
    expect(events.filter((e) => e.type === 'service')).toEqual([
      { type: 'service', kind: 'local', url: server.url },
    ]);
    const written = events.filter((e) => e.type === 'written');
    expect(written.map((e) => e.type === 'written' && e.locale)).toContain('ja');
    // The hash of what was written, as the lock records it: a watcher knows its own writes.
    const last = written.at(-1) as Extract<RunEvent, { type: 'written' }>;
    const bytes = await readFile(join(project.root, last.path));
    expect(last.hash).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 16));
    expect(stopped).toBe(0);
    await engine.close();
    expect(stopped).toBe(1);
    await expect(engine.translate()).rejects.toThrow(UsageError);
  });

  it('runs calls one after another, so concurrent saves never lose a lock line', async () => {
    const files: Record<string, string> = { 'transloom.config.json': CONFIG };
    for (let i = 0; i < 6; i++)
      files[`locales/en/f${i}.json`] = JSON.stringify({ [`k${i}`]: `Text ${i}` });
    const project = await testProject(files);
    const engine = await createProject({ cwd: project.root, service });
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => engine.translate({ files: [`locales/en/f${i}.json`] })),
    );
    expect(runs.map((r) => r.locales.de!.translated)).toEqual([1, 1, 1, 1, 1, 1]);
    const lock = await project.read('transloom.lock');
    for (let i = 0; i < 6; i++) expect(lock).toContain(`"locales/en/f${i}.json"`);
    expect((await engine.translate()).files.upToDate).toBe(6);
    await engine.close();
  });

  it('lists what a check finds missing or stale with file, line and locale', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': '{\n  "one": "One",\n  "two": "Two"\n}\n',
    });
    const engine = await createProject({ cwd: project.root, service });
    await engine.translate({ locales: ['de'] });
    await project.write('locales/en/a.json', '{\n  "one": "One",\n  "two": "Two, changed"\n}\n');
    const report = await engine.check();
    expect(report.pending).toEqual([
      { file: 'locales/en/a.json', line: 2, column: 10, locale: 'ja', unit: 'one', state: 'new' },
      {
        file: 'locales/en/a.json',
        line: 3,
        column: 10,
        locale: 'de',
        unit: 'two',
        state: 'changed',
      },
      { file: 'locales/en/a.json', line: 3, column: 10, locale: 'ja', unit: 'two', state: 'new' },
    ]);
    await engine.close();
  });

  it('keeps a call within its own character budget, and the next call sends the rest', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': JSON.stringify({ one: 'Twelve chars', two: 'Other twelve' }),
    });
    const engine = await createProject({ cwd: project.root, service });
    sent();
    const limited = await engine.translate({ maxCharacters: 30 });
    expect(limited.stopped).toBe('budget');
    expect(limited.billedCharacters).toBeLessThanOrEqual(30);
    expect(limited.failures.map((f) => f.reason)).toEqual(['budget', 'budget']);
    const rest = await engine.translate();
    expect(rest.stopped).toBeUndefined();
    expect(limited.billedCharacters + rest.billedCharacters).toBe(48);
    await engine.close();
    // A call's budget never raises the project's own.
    const capped = await testProject({
      'transloom.config.json': JSON.stringify({ ...JSON.parse(CONFIG), maxCharacters: 30 }),
      'locales/en/a.json': JSON.stringify({ one: 'Twelve chars', two: 'Other twelve' }),
    });
    const own = await createProject({ cwd: capped.root, service });
    const report = await own.translate({ maxCharacters: 1000 });
    expect(report.stopped).toBe('budget');
    expect(report.billedCharacters).toBeLessThanOrEqual(30);
    await own.close();
  });

  it("reports a file's warnings in status even when the lock says the file is up to date", async () => {
    const xliff = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="app">
    <body>
      <trans-unit id="hello"><source>Hello</source></trans-unit>
      <bin-unit id="logo" mime-type="image/png"><bin-source><external-file href="logo.png"/></bin-source></bin-unit>
    </body>
  </file>
</xliff>
`;
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'messages.xlf', target: 'messages.{locale}.xlf' }],
      }),
      'messages.xlf': xliff,
    });
    const engine = await createProject({ cwd: project.root, service });
    const first = await engine.translate();
    expect(first.diagnostics.map((d) => d.rule)).toContain('xliff-bin-unit-skipped');
    // Up to date: a check reads only the lock and hashes; status parses to say what it skips.
    expect((await engine.check()).diagnostics).toEqual([]);
    const status = await engine.status();
    expect(status.diagnostics).toMatchObject([
      { file: 'messages.xlf', line: 6, rule: 'xliff-bin-unit-skipped', severity: 'warning' },
    ]);
    expect(status.locales.de!.unchanged).toBe(1);
    await engine.close();
  });

  it('stops before sending when the call is aborted', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': JSON.stringify({ one: 'One' }),
    });
    const engine = await createProject({ cwd: project.root, service });
    sent();
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(engine.translate({ signal: controller.signal })).rejects.toThrow('stop');
    expect(sent()).toBe(0);
    await engine.close();
  });

  it('reads an inline configuration without looking for a file', async () => {
    const project = await testProject({ 'l/en.json': JSON.stringify({ hi: 'Hi' }) });
    const engine = await createProject({
      cwd: project.root,
      service,
      config: { sourceLocale: 'en', targetLocales: ['de'], files: [{ source: 'l/{locale}.json' }] },
    });
    await engine.translate();
    expect(JSON.parse(await project.read('l/de.json'))).toEqual({ hi: '[Ĥí]' });
    await engine.close();
  });

  it('needs a key when the host cannot start the local service, and says so', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': JSON.stringify({ one: 'One' }),
    });
    const engine = await createProject({ cwd: project.root, env: {} });
    await expect(engine.translate()).rejects.toThrow(
      /no translation service: set TRANSLOOM_API_KEY/,
    );
    await engine.close();
  });
});

describe('paths outside the project', async () => {
  const server = await testService();
  const service = { url: server.url, apiKey: TEST_KEY };
  const outside = await mkdtemp(join(tmpdir(), 'transloom-outside-'));
  afterAll(() => rm(outside, { recursive: true, force: true }));

  it.each([
    ['files[0].target', { files: [{ source: 'l/{locale}.json', target: '../x/{locale}.json' }] }],
    ['files[0].source', { files: [{ source: '../**/{locale}.json', target: 'l/{locale}.json' }] }],
    ['lockFile', { lockFile: '/etc/transloom.lock' }],
    ['translationMemory.path', { translationMemory: { path: '../tm' } }],
    ['glossary', { glossary: '../glossary.csv' }],
    ['extract.output', { extract: { input: ['src/**/*.ts'], output: '../{ns}.json' } }],
    ['extract.input[0]', { extract: { input: ['../src/**/*.ts'], output: 'l/{ns}.json' } }],
  ])('refuses %s outside the project by name', async (key, extra) => {
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'l/{locale}.json' }],
        ...extra,
      }),
      'l/en.json': '{"a":"A"}',
    });
    const error = await createProject({ cwd: project.root, service }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((i) => i.path)).toContain(key);
  });

  it('refuses a target folder that is a link out of the project, before sending or writing', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': JSON.stringify({ one: 'One' }),
    });
    await symlink(outside, join(project.root, 'locales/de'));
    const engine = await createProject({ cwd: project.root, service });
    server.faults!.requests.length = 0;
    const error = await engine.translate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues[0]!.path).toBe('files[0].target');
    expect(server.faults!.requests).toHaveLength(0);
    expect(await readdir(outside)).toEqual([]);
    await engine.close();
  });

  it('refuses a target file that links out, or to a device, when it meets it: nothing is sent or written', async () => {
    await writeFile(join(outside, 'de-a.json'), '{"one":"SECRET-OUTSIDE"}');
    for (const [name, to] of [
      ['a file outside', join(outside, 'de-a.json')],
      ['a device', '/dev/zero'],
      ['nothing (a dangling link out)', join(outside, 'missing.json')],
    ] as const) {
      const project = await testProject({
        'transloom.config.json': CONFIG,
        'locales/en/a.json': JSON.stringify({ one: 'One' }),
        'locales/en/b.json': JSON.stringify({ two: 'Two' }),
        'locales/de/b.json': JSON.stringify({ two: 'Zwei' }),
      });
      await symlink(to, join(project.root, 'locales/de/a.json'));
      const engine = await createProject({ cwd: project.root, service });
      server.faults!.requests.length = 0;
      const error = (await engine.translate().catch((e: unknown) => e)) as ConfigError;
      expect(error, name).toBeInstanceOf(ConfigError);
      expect(error.issues[0]!.path, name).toBe('files[0].target');
      expect(error.message, name).toContain('locales/de/a.json');
      expect(error.message, name).not.toMatch(/SECRET/);
      expect(server.faults!.requests, name).toHaveLength(0);
      expect(await readFile(join(project.root, 'locales/de/b.json'), 'utf8'), name).toBe(
        JSON.stringify({ two: 'Zwei' }),
      );
      expect(await readdir(outside), name).toEqual(['de-a.json']);
      await engine.close();
    }
  });

  it('follows a target file that links to another file inside the project', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': JSON.stringify({ one: 'One' }),
      'shared/de-a.json': JSON.stringify({ one: 'Eins' }),
    });
    await mkdir(join(project.root, 'locales/de'));
    await symlink(join(project.root, 'shared/de-a.json'), join(project.root, 'locales/de/a.json'));
    const engine = await createProject({ cwd: project.root, service });
    const report = await engine.translate();
    // The German text found through the link is kept, nothing sent for it (of unknown origin:
    // no record of Transloom's is here yet).
    expect(report.locales.de!.translated).toBe(0);
    expect(report.locales.de!.unknown).toBe(1);
    expect(await readFile(join(project.root, 'shared/de-a.json'), 'utf8')).toBe('{"one":"Eins"}');
    await engine.close();
  });

  it('refuses a source and a glossary that link out, without showing what they hold', async () => {
    await writeFile(join(outside, 'secret.csv'), 'en,de\nSECRET-LINE,geheim\n');
    await writeFile(join(outside, 'secret.json'), '{"token":"SECRET-VALUE"}');
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
        glossary: 'glossary.csv',
      }),
      'locales/en/a.json': JSON.stringify({ one: 'One' }),
    });
    await symlink(join(outside, 'secret.csv'), join(project.root, 'glossary.csv'));
    await symlink(join(outside, 'secret.json'), join(project.root, 'locales/en/b.json'));
    const engine = await createProject({ cwd: project.root, service });
    const error = (await engine.translate().catch((e: unknown) => e)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/glossary|files\[0\]\.source/);
    expect(error.message).not.toMatch(/SECRET/);
    await engine.close();
  });

  it('follows links that stay inside the project', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'shared/en/a.json': JSON.stringify({ one: 'One' }),
    });
    await mkdir(join(project.root, 'locales'));
    await symlink(join(project.root, 'shared/en'), join(project.root, 'locales/en'));
    const engine = await createProject({ cwd: project.root, service });
    const report = await engine.translate();
    expect(report.locales.de!.translated).toBe(1);
    await engine.close();
  });
});

describe('the run lock', async () => {
  const server = await testService();
  const service = { url: server.url, apiKey: TEST_KEY };

  // A process that lives until killed, to hold a lock in its name.
  const holder = () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
      stdio: 'ignore',
    });
    afterAll(() => {
      child.kill();
    });
    return child;
  };
  const lockFor = (pid: number) =>
    JSON.stringify({
      pid,
      host: hostname(),
      since: new Date().toISOString(),
      command: 'translate',
    });

  it('fails at once with no-wait, and waits for the holder otherwise', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': JSON.stringify({ one: 'One' }),
    });
    const child = holder();
    await project.write('.transloom/run.lock', lockFor(child.pid!));
    const engine = await createProject({ cwd: project.root, service });
    const refused = await engine.translate({ wait: false }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProjectLockedError);
    expect((refused as ProjectLockedError).holder.pid).toBe(child.pid);
    expect((refused as Error).message).toContain(`pid ${child.pid}`);

    const events: RunEvent[] = [];
    const waiting = engine.translate({ onEvent: (e) => events.push(e) });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(events.map((e) => e.type)).toEqual(['waiting']);
    child.kill();
    const report = await waiting;
    expect(report.locales.de!.translated).toBe(1);
    // Released after the run.
    expect(await readdir(join(project.root, '.transloom'))).not.toContain('run.lock');
    await engine.close();
  });

  it('takes over a lock whose process is gone', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/a.json': JSON.stringify({ one: 'One' }),
    });
    const child = holder();
    const pid = child.pid!;
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
    await project.write('.transloom/run.lock', lockFor(pid));
    const engine = await createProject({ cwd: project.root, service });
    expect((await engine.translate({ wait: false })).locales.de!.translated).toBe(1);
    await engine.close();
  });
});
