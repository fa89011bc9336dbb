import { join } from 'node:path';
import { startLocalService } from '@transloom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_KEY, testProject, testService } from '../../test-support/test-project.js';
import { createDevSession } from './create-dev-session.js';
import type { DevEvent, DevSession, DevSessionOptions } from './dev-session-types.js';

const CONFIG = JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de'],
  files: [{ source: 'locales/{locale}/*.json' }],
});

const open: DevSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a dev session', async () => {
  const server = await testService();
  const env = { TRANSLOOM_API_KEY: TEST_KEY, TRANSLOOM_API_URL: server.url };

  async function session(root: string, options: Partial<DevSessionOptions> = {}) {
    const events: DevEvent[] = [];
    const dev = await createDevSession({
      root,
      env,
      onEvent: (event) => events.push(event),
      ...options,
    });
    open.push(dev);
    const runs = () =>
      events.filter((e) => e.type === 'log' && /^transloom de:/.test(e.message)).length;
    return { dev, events, runs };
  }

  it('translates on start, then each saved source alone; its own writes start no run', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/common.json': '{\n  "greeting": "Hello"\n}\n',
      'locales/en/other.json': '{\n  "bye": "Bye"\n}\n',
    });
    const { dev, events, runs } = await session(project.root);
    dev.start();
    await dev.ready();
    await until(() => runs() === 1, 'the first run');
    expect(events).toContainEqual({
      type: 'log',
      level: 'info',
      message: expect.stringMatching(/^transloom de: 2 units translated, 1 request/),
    });
    const german = join(project.root, 'locales/de/common.json');
    expect(dev.file(german)).toMatchObject({ kind: 'target', locale: 'de', json: true });
    // The watcher reports what the session wrote: a hot update, and no second run.
    dev.changed(german, 'add');
    await until(() => events.some((e) => e.type === 'update'), 'the update');
    const update = events.find((e) => e.type === 'update');
    expect(update).toEqual({
      type: 'update',
      update: {
        locale: 'de',
        files: ['locales/de/common.json'],
        resources: { common: JSON.parse(await project.read('locales/de/common.json')) },
      },
    });
    // The engine's own state is never a reason for a run.
    dev.changed(join(project.root, '.transloom/run.lock'), 'add');
    await pause(200);
    expect(runs()).toBe(1);

    // A person's save: that source alone, the other is not looked at.
    server.faults!.requests.splice(0);
    await project.write('locales/en/common.json', '{\n  "greeting": "Hello again"\n}\n');
    dev.changed(join(project.root, 'locales/en/common.json'), 'change');
    dev.changed(join(project.root, 'locales/en/common.json'), 'change');
    await until(() => runs() === 2, 'the run of the saved file');
    expect(events.at(-1)).toMatchObject({
      message: expect.stringMatching(/^transloom de: 1 unit translated.*1 file written/),
    });
    expect(server.faults!.requests.filter((r) => r.path === '/v2/translate')).toHaveLength(1);
    dev.changed(german, 'change');
    await pause(200);
    expect(runs()).toBe(2);
  });

  it('shows a broken source at its position until a save fixes it', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/common.json': '{\n  "greeting": "Hello"\n}\n',
    });
    const { dev, events, runs } = await session(project.root);
    dev.start();
    await until(() => runs() === 1, 'the first run');
    const source = join(project.root, 'locales/en/common.json');
    await project.write('locales/en/common.json', '{\n  "greeting": "Hello",,\n}\n');
    dev.changed(source, 'change');
    await until(() => dev.problem() !== undefined, 'the problem');
    expect(dev.problem()).toMatchObject({ file: source, line: 2, column: expect.any(Number) });
    expect(events.filter((e) => e.type === 'problem')).toEqual([
      { type: 'problem', problem: dev.problem() },
    ]);
    expect(events).toContainEqual({
      type: 'log',
      level: 'error',
      message: expect.stringMatching(/^transloom: locales\/en\/common\.json:2:\d+: /),
    });
    await project.write('locales/en/common.json', '{\n  "greeting": "Hi"\n}\n');
    dev.changed(source, 'change');
    await until(
      () => events.filter((e) => e.type === 'problem').length === 2,
      'the problem solved',
    );
    expect(events.at(-1)).toEqual({ type: 'problem', problem: undefined });
    expect(dev.problem()).toBeUndefined();
  });

  it('opens again when the configuration changes, and tells its host the files', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/common.json': '{ "greeting": "Hello" }\n',
    });
    const seen: number[] = [];
    const { dev, runs } = await session(project.root, {
      onFiles: (files) => void seen.push(files.length),
    });
    dev.start();
    await until(() => runs() === 1, 'the first run');
    await project.write('transloom.config.json', CONFIG.replace('["de"]', '["de","ja"]'));
    dev.changed(join(project.root, 'transloom.config.json'), 'change');
    await until(() => seen.length === 2, 'the files read again');
    expect(seen).toEqual([2, 3]);
    expect(dev.project()?.config.targetLocales).toEqual(['de', 'ja']);
  });

  it('starts the built-in services right after the first run, so the first save waits for neither', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/common.json': '{ "greeting": "Hello" }\n',
    });
    const started: string[] = [];
    const options: Partial<DevSessionOptions> = {
      env: {},
      pseudoLocale: 'en-XA',
      localService: (service) => {
        started.push(service.stateDir);
        return startLocalService(service);
      },
    };
    const pseudoRuns = (events: DevEvent[]) =>
      events.filter((e) => e.type === 'log' && e.message.startsWith('transloom (pseudo) en-XA:'));
    // A first session translates (its runs start the services); the second finds all up to date.
    const first = await session(project.root, options);
    first.dev.start();
    await until(() => pseudoRuns(first.events).length === 1, 'the first pseudo run');
    await first.dev.close();
    started.splice(0);

    const { dev, events } = await session(project.root, options);
    dev.start();
    await until(() => pseudoRuns(events).length === 1, 'the up-to-date runs');
    expect(pseudoRuns(events)[0]).toMatchObject({ message: expect.stringMatching(/up to date/) });
    await until(() => started.length === 2, 'the services started without a save');
    expect(started.sort()).toEqual([
      join(project.root, '.transloom'),
      join(project.root, '.transloom/pseudo'),
    ]);
    // The save takes the services already running: none is started again.
    await project.write('locales/en/common.json', '{ "greeting": "Hi" }\n');
    dev.changed(join(project.root, 'locales/en/common.json'), 'change');
    await until(() => pseudoRuns(events).length === 2, 'the pseudo run of the save');
    expect(started).toHaveLength(2);
    expect(JSON.parse(await project.read('locales/de/common.json')).greeting).toMatch(/Ĥí/);
    expect(
      events.filter(
        (e) => e.type === 'log' && e.message.includes('using the built-in local service'),
      ),
    ).toHaveLength(1);
  });
});
