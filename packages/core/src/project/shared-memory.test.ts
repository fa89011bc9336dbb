import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ConfigError } from '@transloom/client/errors';
import { type EngineTranslateInput, pseudoEngine } from '@transloom/server';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../pipeline/run-report.js';
import { useRedisServer } from '../test-support/redis-server.js';
import { TEST_KEY, testProject, testService } from '../test-support/test-project.js';
import { createProject } from './create-project.js';

// Texts the service translated, as `<target>\0<text>`: the engine is the service's own pseudo
// engine, recording what it is given.
const translated: string[] = [];
const recordingEngine = {
  name: 'recording-pseudo',
  translate(input: EngineTranslateInput) {
    for (const text of input.texts) translated.push(`${input.targetLang}\u0000${text}`);
    return pseudoEngine.translate(input);
  },
};
const taken = () => translated.splice(0);

const keys = (n: number, prefix: string) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `${prefix}${i}`,
      i % 3 === 0 ? `Hello {{name}}, you have ${i} messages` : `Message number ${i}`,
    ]),
  );

const SOURCES = {
  'locales/en/app.json': `${JSON.stringify(keys(140, 'app'), null, 2)}\n`,
  // The same texts in another file: deduplicated over the whole project.
  'locales/en/more.json': `${JSON.stringify(keys(30, 'more'), null, 2)}\n`,
  'docs/en/guide.md':
    '# Guide\n\nRead the **whole** guide, then [the API](https://example.com/api) and `npm test`.\n',
};

function configText(memory: Record<string, unknown>): string {
  return JSON.stringify({
    sourceLocale: 'en',
    targetLocales: ['de', 'fr'],
    files: [{ source: 'locales/{locale}/*.json' }, { source: 'docs/{locale}/*.md' }],
    translationMemory: memory,
  });
}

// Every file of a project but its state directory: what a run wrote, and the sources.
async function tree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (rel === '.transloom') continue;
      if (entry.isDirectory()) await walk(path);
      else out.set(rel, await readFile(path, 'utf8'));
    }
  };
  await walk(root);
  return out;
}

// Requests are at the lower bound: as many as packing the texts takes, none sent again.
function packed(report: RunReport): number {
  return Object.values(report.locales).reduce((n, l) => n + l.requests, 0);
}

describe('a shared translation memory on Redis', async () => {
  const redis = useRedisServer();
  const server = await testService({ engine: recordingEngine });
  const service = { url: server.url, apiKey: TEST_KEY };
  const env = (more: Record<string, string> = {}) => ({
    TRANSLOOM_REDIS_URL: redis.url,
    GITHUB_REF_NAME: 'main',
    ...more,
  });
  const project = async (memory: Record<string, unknown>, files = SOURCES) =>
    testProject({ ...files, 'transloom.config.json': configText(memory) });
  const open = (root: string, more: Record<string, string> = {}) =>
    createProject({ cwd: root, service, env: env(more) });

  it('splits a run into shards that send each text once, and a final run that writes what one run writes', async () => {
    const single = await project({ redis: true, prefix: 'single' });
    const one = await open(single.root);
    taken();
    const alone = await one.translate();
    await one.close();
    const reference = taken();
    expect(alone.requests).toBe(packed(alone));
    // 140 + 30 catalog texts share 140 distinct texts; the page has two blocks; two locales.
    expect(new Set(reference).size).toBe(reference.length);

    const shards = await Promise.all([1, 2].map(() => project({ redis: true, prefix: 'sharded' })));
    const reports = await Promise.all(
      shards.map(async (p, i) => {
        const engine = await open(p.root);
        try {
          return await engine.translate({ shard: { index: i + 1, count: 2 } });
        } finally {
          await engine.close();
        }
      }),
    );
    const sharded = taken();
    // Every text once over both shards: the same texts the single run sent.
    expect(new Set(sharded).size).toBe(sharded.length);
    expect([...sharded].sort()).toEqual([...reference].sort());
    for (const [i, report] of reports.entries()) {
      expect(report.shard).toEqual({ index: i + 1, count: 2, others: expect.any(Number) });
      expect(report.shard!.others).toBeGreaterThan(0);
      expect(report.requests).toBe(packed(report));
      expect(report.files.written).toEqual([]);
      expect(report.failures).toEqual([]);
    }
    // Balanced: each shard took some of the texts.
    expect(reports.map((r) => r.shard!.others).reduce((a, b) => a + b)).toBe(reference.length);
    // A shard writes no target and no lock.
    for (const p of shards)
      expect([...(await tree(p.root)).keys()].sort()).toEqual(
        [...Object.keys(SOURCES), 'transloom.config.json'].sort(),
      );

    // The fan-in: a fresh checkout finds everything in the shared memory and sends nothing.
    const fanIn = await project({ redis: true, prefix: 'sharded' });
    const last = await open(fanIn.root);
    const final = await last.translate();
    await last.close();
    expect(taken()).toEqual([]);
    expect(final.requests).toBe(0);
    expect(final.failures).toEqual([]);
    const written = await tree(fanIn.root);
    const expected = await tree(single.root);
    expected.set('transloom.config.json', configText({ redis: true, prefix: 'sharded' }));
    expect(written).toEqual(expected);
  });

  it('refuses a shard without a shared memory, before reading anything', async () => {
    const local = await project({ path: '.transloom/tm' });
    const engine = await open(local.root);
    await expect(engine.translate({ shard: { index: 1, count: 2 }, force: true })).rejects.toThrow(
      'a sharded run cannot be forced',
    );
    const error = await engine
      .translate({ shard: { index: 1, count: 2 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues[0]!.path).toBe('translationMemory.redis');
    await engine.close();
    // `redis: true` with no URL in the environment is no shared memory either.
    const unset = await project({ redis: true });
    const other = await createProject({ cwd: unset.root, service, env: {} });
    await expect(other.translate({ shard: { index: 2, count: 2 } })).rejects.toThrow(
      /needs a shared translation memory/,
    );
    await other.close();
  });

  it("keeps a pull request's translations out of the default branch's scope until they are promoted", async () => {
    const memory = { redis: true, prefix: 'scopes' };
    const pr = await project(memory);
    const prEnv = {
      GITHUB_HEAD_REF: 'feature/login',
      GITHUB_REF_NAME: '7/merge',
      GITHUB_BASE_REF: 'main',
    };
    const branch = await open(pr.root, prEnv);
    taken();
    const run = await branch.translate();
    await branch.close();
    const count = taken().length;
    expect(count).toBeGreaterThan(100);
    expect(run.diagnostics.filter((d) => d.rule === 'translation-memory')).toEqual([]);

    const client = new Redis(redis.url);
    try {
      expect(await client.hlen('scopes:tm:feature/login')).toBe(count);
      expect(await client.exists('scopes:tm:main')).toBe(0);
    } finally {
      client.disconnect();
    }
    // The default branch (a fresh checkout) finds nothing of the pull request's.
    const main = await project(memory);
    const mainEngine = await open(main.root);
    const plan = await mainEngine.plan();
    expect(plan.locales.de!.reused).toBe(0);
    expect(plan.locales.de!.pending + plan.locales.fr!.pending).toBe(count);

    // Promoted (as the Action does when the pull request is merged), it finds them all.
    expect(await mainEngine.memory.promote({ from: 'feature/login' })).toEqual({
      from: 'feature/login',
      to: 'main',
      copied: count,
      kept: 0,
    });
    await mainEngine.close();
    const after = await project(memory);
    const afterEngine = await open(after.root);
    const done = await afterEngine.translate();
    await afterEngine.close();
    expect(taken()).toEqual([]);
    expect(done.requests).toBe(0);
  });

  it('writes a TMX file of the memory that a fresh memory imports, and then sends nothing', async () => {
    const first = await project({ redis: true, prefix: 'tmx-a' });
    const a = await open(first.root);
    await a.translate();
    const file = join(first.root, 'memory.tmx');
    const exported = await a.memory.exportTmx({ file: 'memory.tmx' });
    await a.close();
    taken();
    expect(exported.file).toBe(file);
    expect(exported.pairs).toBe(exported.texts);
    expect(exported.locales).toEqual({ de: exported.pairs / 2, fr: exported.pairs / 2 });
    const tmx = await readFile(file, 'utf8');
    expect(tmx).toContain('<tmx version="1.4">');
    expect(tmx).toContain('srclang="en"');
    expect(tmx).toMatch(
      /<tuv xml:lang="en"><seg>Hello <ph x="\d+">\{\{name\}\}<\/ph>, you have 0 messages<\/seg><\/tuv>/,
    );
    expect(tmx).toMatch(/<bpt i="1" x="\d+">\*\*<\/bpt>whole<ept i="1">\*\*<\/ept>/);
    expect(tmx).toContain('<tuv xml:lang="de">');

    // Another memory (another prefix, a fresh checkout): seeded from the file, the run sends nothing.
    const second = await project({ redis: true, prefix: 'tmx-b' });
    await writeFile(join(second.root, 'memory.tmx'), tmx);
    const b = await open(second.root);
    const imported = await b.memory.importTmx({ file: 'memory.tmx' });
    expect(imported).toMatchObject({
      units: exported.pairs,
      translations: exported.pairs,
      stored: exported.pairs,
      unmatched: 0,
      problems: [],
    });
    const run = await b.translate();
    await b.close();
    expect(taken()).toEqual([]);
    expect(run.requests).toBe(0);
    expect(run.locales.de!.reused).toBeGreaterThan(0);
    const expected = await tree(first.root);
    expected.set('transloom.config.json', configText({ redis: true, prefix: 'tmx-b' }));
    expect(await tree(second.root)).toEqual(expected);
  });

  it('reports a TMX translation with a broken placeholder at its line, and stores the rest', async () => {
    const target = await project({ redis: true, prefix: 'tmx-broken' });
    const tmx = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<tmx version="1.4">',
      '  <header creationtool="TMS" creationtoolversion="9" segtype="sentence" o-tmf="x" adminlang="en" srclang="en-US" datatype="plaintext"/>',
      '  <body>',
      '    <tu>',
      '      <tuv xml:lang="en-US"><seg>Hello <ph x="1">{{name}}</ph>, you have 3 messages</seg></tuv>',
      '      <tuv xml:lang="de-DE"><seg>Hallo <ph x="1">{{name}}</ph>, du hast 3 Nachrichten</seg></tuv>',
      '    </tu>',
      '    <tu>',
      '      <tuv xml:lang="en-US"><seg>Hello <ph x="1">{{name}}</ph>, you have 6 messages</seg></tuv>',
      '      <tuv xml:lang="de-DE"><seg>Hallo, du hast 6 Nachrichten</seg></tuv>',
      '      <tuv xml:lang="fr-FR">',
      '        <seg>Bonjour <ph x="1">{{nom}}</ph>, vous avez 6 messages</seg>',
      '      </tuv>',
      '      <tuv xml:lang="it"><seg>Ciao <ph x="1">{{name}}</ph></seg></tuv>',
      '    </tu>',
      '    <tu>',
      '      <tuv xml:lang="en-US"><seg>A sentence of no unit</seg></tuv>',
      '      <tuv xml:lang="de-DE"><seg>Ein Satz ohne Einheit</seg></tuv>',
      '    </tu>',
      '  </body>',
      '</tmx>',
    ].join('\n');
    await writeFile(join(target.root, 'broken.tmx'), tmx);
    const engine = await open(target.root);
    const imported = await engine.memory.importTmx({ file: 'broken.tmx' });
    expect(imported).toMatchObject({
      units: 3,
      translations: 4,
      stored: 1,
      unmatched: 1,
      skippedLanguages: ['it'],
    });
    expect(imported.problems.map((p) => [p.file, p.line, p.column, p.rule])).toEqual([
      ['broken.tmx', 11, 29, 'tmx-import'],
      ['broken.tmx', 13, 9, 'tmx-import'],
    ]);
    expect(imported.problems[0]!.message).toMatch(
      /de translation does not carry the source's placeholders/,
    );
    expect(imported.problems[1]!.message).toMatch(/a code the source lacks: <ph>\{\{nom\}\}<\/ph>/);
    // The one good translation is used; the others are translated by the service.
    taken();
    const run = await engine.translate({ locales: ['de'] });
    await engine.close();
    expect(run.locales.de!.reused).toBeGreaterThanOrEqual(1);
    expect(await target.read('locales/de/app.json')).toContain(
      '"app3": "Hallo {{name}}, du hast 3 Nachrichten"',
    );
  });
});

describe('a Redis that goes away in the middle of a run', async () => {
  const redis = useRedisServer();
  const server = await testService({ engine: recordingEngine });
  const service = { url: server.url, apiKey: TEST_KEY };
  const dir = await mkdtemp(join(tmpdir(), 'transloom-redis-gone-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finishes from the local memory, says so once, and writes what it translated', async () => {
    const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, `Text ${i}`]));
    const p = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        concurrency: 1,
        files: [{ source: 'locales/{locale}/*.json' }],
        translationMemory: { redis: true },
      }),
      'locales/en/app.json': JSON.stringify(many, null, 2),
    });
    const env = { TRANSLOOM_REDIS_URL: redis.url, GITHUB_REF_NAME: 'main' };
    const engine = await createProject({ cwd: p.root, service, env });
    let batches = 0;
    taken();
    const report = await engine.translate({
      onEvent: (event) => {
        if (event.type === 'batch' && ++batches === 2) void redis.kill();
      },
    });
    await engine.close();
    expect(taken()).toHaveLength(600);
    expect(batches).toBe(12);
    expect(report.failures).toEqual([]);
    expect(report.locales.de!.translated).toBe(600);
    expect(report.files.written).toEqual(['locales/de/app.json']);
    const warnings = report.diagnostics.filter((d) => d.rule === 'translation-memory');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', file: 'transloom.config.json' });
    expect(warnings[0]!.message).toContain(`the shared translation memory at ${redis.url}`);
    expect(warnings[0]!.message).toContain('goes on with the local translation memory only');
    expect(JSON.parse(await p.read('locales/de/app.json')).k599).toBeTruthy();

    // Everything it translated is in the local memory: a run from scratch sends nothing.
    await rm(join(p.root, 'locales/de'), { recursive: true });
    await rm(join(p.root, 'transloom.lock'));
    const again = await createProject({ cwd: p.root, service, env });
    const second = await again.translate();
    await again.close();
    expect(taken()).toEqual([]);
    expect(second.locales.de!.reused).toBe(600);
    // It never needed the shared memory, so it has nothing to say about it.
    expect(second.diagnostics.filter((d) => d.rule === 'translation-memory')).toEqual([]);

    // Seeding or promoting a shared memory that is gone fails, naming it.
    await writeFile(
      join(p.root, 'seed.tmx'),
      '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Text 1</seg></tuv><tuv xml:lang="de"><seg>Text eins</seg></tuv></tu></body></tmx>',
    );
    const seeding = await createProject({ cwd: p.root, service, env });
    const imported = await seeding.memory.importTmx({ file: 'seed.tmx' }).catch((e: unknown) => e);
    expect(imported).toMatchObject({ code: 'TRANSLOOM_MEMORY_UNAVAILABLE', kind: 'service' });
    expect((imported as Error).message).toMatch(
      /^1 entry of seed\.tmx went to the local translation memory only: the shared translation memory at redis:\/\/127\.0\.0\.1:\d+\/0 cannot be reached/,
    );
    await expect(seeding.memory.promote({ from: 'feature' })).rejects.toMatchObject({
      code: 'TRANSLOOM_MEMORY_UNAVAILABLE',
    });
    await seeding.close();
  });
});
