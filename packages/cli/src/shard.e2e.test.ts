import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EngineTranslateInput, pseudoEngine } from '@transloom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { useRedisServer } from '../../core/src/test-support/redis-server.js';
import { e2eService, runTransloom, serviceEnv, snapshot } from './test-support/e2e.js';

// What the service was asked: one entry per request, the language and its texts.
const requests: Array<{ lang: string; texts: string[] }> = [];
const recordingEngine = {
  name: 'recording-pseudo',
  translate(input: EngineTranslateInput) {
    requests.push({ lang: input.targetLang, texts: [...input.texts] });
    return pseudoEngine.translate(input);
  },
};
const taken = () => requests.splice(0);

const LOCALES = ['de', 'fr', 'ja'];
const PER_REQUEST = 50;

// A project with no glossary (a fan-in sends nothing, so it pushes no glossary either): a
// catalog of strings with placeholders and markup, some repeated, and a page.
async function makeProject(root: string): Promise<void> {
  const catalog: Record<string, string> = {};
  for (let i = 0; i < 420; i++)
    catalog[`key${i}`] =
      i % 7 === 0
        ? `Item {{name}} number ${i % 40} is <b>ready</b>`
        : `Message ${i}: open {{file}} in the editor to continue`;
  await mkdir(join(root, 'locales/en'), { recursive: true });
  await mkdir(join(root, 'docs/en'), { recursive: true });
  await writeFile(join(root, 'locales/en/app.json'), `${JSON.stringify(catalog, null, 2)}\n`);
  await writeFile(
    join(root, 'docs/en/intro.md'),
    '# Introduction\n\nRun `transloom translate` and read the **whole** [guide](./guide.md).\n\n- one\n- two\n',
  );
  await writeFile(
    join(root, 'transloom.config.json'),
    `${JSON.stringify(
      {
        sourceLocale: 'en',
        targetLocales: LOCALES,
        files: [{ source: 'locales/{locale}/*.json' }, { source: 'docs/{locale}/*.md' }],
        translationMemory: { redis: true },
      },
      null,
      2,
    )}\n`,
  );
}

describe('transloom translate --shard, in parallel processes, then a final run', async () => {
  const redis = useRedisServer();
  const server = await e2eService({ engine: recordingEngine });
  const base = await mkdtemp(join(tmpdir(), 'transloom-shards-'));
  afterAll(() => rm(base, { recursive: true, force: true }));
  // Two memories in one Redis: database 1 for the single run, 2 for the sharded one.
  const env = (db: number) => ({
    ...serviceEnv(server),
    TRANSLOOM_REDIS_URL: `redis://127.0.0.1:${redis.port}/${db}`,
    GITHUB_REF_NAME: 'main',
  });
  // A checkout of the project per job, as a CI matrix has.
  const checkout = async (name: string) => {
    const root = join(base, name);
    await cp(join(base, 'source'), root, { recursive: true });
    return root;
  };
  await makeProject(join(base, 'source'));

  it('writes byte for byte what one run writes, every text sent once, requests at the lower bound', async () => {
    const single = await checkout('single');
    const one = await runTransloom(['translate', '--json'], { cwd: single, env: env(1) });
    expect(one.code).toBe(0);
    const reference = taken();
    const texts = reference.flatMap((r) => r.texts.map((t) => `${r.lang}\u0000${t}`));
    expect(new Set(texts).size).toBe(texts.length);
    expect(one.json.requests).toBe(reference.length);

    const shards = await Promise.all([checkout('shard-1'), checkout('shard-2')]);
    const runs = await Promise.all(
      shards.map((root, i) =>
        runTransloom(['translate', '--shard', `${i + 1}/2`, '--json'], { cwd: root, env: env(2) }),
      ),
    );
    const sent = taken();
    for (const [i, run] of runs.entries()) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.json.files.written).toEqual([]);
      expect(run.json.failures).toEqual([]);
      // Each shard did part of the work.
      expect(run.json.requests).toBeGreaterThan(0);
      expect(run.json.requests).toBeLessThan(one.json.requests);
      // No target and no lock: the checkout holds its sources only.
      expect([...(await snapshot(shards[i]!)).keys()].sort()).toEqual([
        'docs/en/intro.md',
        'locales/en/app.json',
        'transloom.config.json',
      ]);
    }
    // No text was sent twice, and together the shards sent what the single run sent.
    const shardTexts = sent.flatMap((r) => r.texts.map((t) => `${r.lang}\u0000${t}`));
    expect(new Set(shardTexts).size).toBe(shardTexts.length);
    expect([...shardTexts].sort()).toEqual([...texts].sort());
    // Requests at the lower bound: per language, each shard fills its requests and has at most
    // one that is not full (one group per language here), so N texts take at most
    // ceil(N / 50) + (shards - 1) requests; and none was sent again.
    expect(runs[0]!.json.requests + runs[1]!.json.requests).toBe(sent.length);
    for (const lang of ['DE', 'FR', 'JA']) {
      const mine = sent.filter((r) => r.lang === lang);
      const n = mine.reduce((k, r) => k + r.texts.length, 0);
      expect(mine.filter((r) => r.texts.length < PER_REQUEST).length).toBeLessThanOrEqual(2);
      expect(mine.length).toBeLessThanOrEqual(Math.ceil(n / PER_REQUEST) + 1);
    }

    // The fan-in, in a fresh checkout: everything is in the shared memory.
    const fanIn = await checkout('fan-in');
    const last = await runTransloom(['translate', '--json'], { cwd: fanIn, env: env(2) });
    expect(last.code, last.stderr).toBe(0);
    expect(taken()).toEqual([]);
    expect(last.json.requests).toBe(0);
    expect(await snapshot(fanIn)).toEqual(await snapshot(single));
  });

  it('prints what a shard left to the others, and refuses a shard without a shared memory', async () => {
    const root = await checkout('shard-text');
    const run = await runTransloom(['translate', '--shard', '2/3', '--quiet'], {
      cwd: root,
      env: env(3),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /shard 2\/3: \d+ texts left to the other shards; no file and no lock written/,
    );
    taken();
    const bad = await runTransloom(['translate', '--shard', '3/2'], { cwd: root, env: env(3) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('a shard index must be a whole number from 1 to 2; got 3');
    const none = await runTransloom(['translate', '--shard', '1/2'], {
      cwd: root,
      env: serviceEnv(server),
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('needs a shared translation memory');
    expect(none.stderr).toContain('TRANSLOOM_REDIS_URL is not set');
    expect(taken()).toEqual([]);
  });
});
