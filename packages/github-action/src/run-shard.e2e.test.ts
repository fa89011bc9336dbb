import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../../core/src/test-support/redis-server.js';
import { createGitFixture } from './test-support/git-fixture.js';
import { runBundle } from './test-support/run-bundle.js';
import {
  API_KEY,
  projectFiles,
  pullRequestEvent,
  pushEvent,
  startGitHub,
  startService,
} from './test-support/scenario.js';

const service = await startService();
const github = await startGitHub();
const redis = useRedisServer();
// The shared memory's URL, with a password that must never show.
const redisUrl = () => `redis://:redis-pa55word@127.0.0.1:${redis.port}/0`;

// The project of the scenario, with the shared memory on (its URL from the step's env).
function files(strings: Record<string, string>): Record<string, string> {
  const project = projectFiles(strings);
  const config = JSON.parse(project['app/transloom.config.json']!);
  config.translationMemory = { redis: true };
  return { ...project, 'app/transloom.config.json': `${JSON.stringify(config, null, 2)}\n` };
}

const STRINGS = Object.fromEntries(
  Array.from({ length: 60 }, (_, i) => [`key${i}`, `Sentence number ${i} with {{value}}`]),
);

// What a run printed or wrote, less the lines that tell the runner what to mask.
const unmasked = (run: { stdout: string; everything: string }) => {
  expect(run.stdout).toContain('::add-mask::redis-pa55word');
  return run.everything.replace(/^::add-mask::.*$/gm, '');
};

const translated = () =>
  service
    .faults!.requests.splice(0)
    .filter((r) => r.path === '/v2/translate')
    .reduce((n, r) => n + (r.texts ?? 0), 0);

describe('translate mode with a shard, and the promotion of a merged branch', () => {
  it('splits a pull request between shard jobs that commit nothing, and a final job that sends nothing; a merge promotes its memory', async () => {
    const fixture = createGitFixture(files({ hello: 'Hello' }));
    const head = fixture.push('feature', files(STRINGS), 'Add strings');
    const pr = pullRequestEvent({ number: 5, headRef: 'feature', headSha: head });
    const prEnv = {
      TRANSLOOM_REDIS_URL: redisUrl(),
      GITHUB_HEAD_REF: 'feature',
      GITHUB_BASE_REF: 'main',
    };
    const job = (
      name: string,
      inputs: Record<string, string>,
      push?: { sha: string; env: Record<string, string> },
    ) => {
      fixture.checkout(push ? 'main' : 'feature');
      return runBundle({
        workspace: fixture.workspace,
        dir: join(fixture.root, name),
        event: push
          ? pushEvent('main', push.sha, { message: 'Merge', email: 'dev@example.com' })
          : pr,
        ...(push ? { ref: 'refs/heads/main', sha: push.sha } : {}),
        apiUrl: github.url,
        env: push ? push.env : prEnv,
        inputs: {
          mode: 'translate',
          'working-directory': 'app',
          'api-url': service.url,
          'api-key': API_KEY,
          ...inputs,
        },
      });
    };
    translated();
    let sent = 0;
    for (const index of [1, 2]) {
      const run = await job(`shard-${index}`, { shard: `${index}/2` });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.changed).toBe('false');
      expect(run.summaryText).toContain(`Transloom translate, shard ${index}/2`);
      expect(run.summaryText).toContain('nothing was committed: the final job writes the files');
      expect(unmasked(run)).not.toContain('redis-pa55word');
      const texts = translated();
      expect(texts).toBeGreaterThan(0);
      sent += texts;
    }
    // 60 strings, two locales: every text once over both shards.
    expect(sent).toBe(120);
    expect(fixture.tip('feature')).toBe(head);

    // The final job finds everything in the shared memory and commits the translations.
    const final = await job('final', {});
    expect(final.code, final.stdout).toBe(0);
    expect(translated()).toBe(0);
    expect(final.outputs.changed).toBe('true');
    expect(fixture.log('feature', 1)[0]!.files).toEqual([
      'app/locales/de/common.json',
      'app/locales/pl/common.json',
      'app/transloom.lock',
    ]);

    {
      expect(redis.command('HLEN', 'transloom:tm:feature')).toBe('120');
      expect(redis.command('EXISTS', 'transloom:tm:main')).toBe('0');
      // The pull request is merged: the push to main promotes its scope before translating.
      const merged = fixture.push(
        'main',
        files(STRINGS),
        'Merge pull request #5 from octo/feature',
      );
      github.addPull({ number: 5, headRef: 'feature', headSha: head, mergedBy: merged });
      const push = await job(
        'push',
        {},
        {
          sha: merged,
          env: { TRANSLOOM_REDIS_URL: redisUrl(), GITHUB_REF_NAME: 'main' },
        },
      );
      expect(push.code, push.stdout).toBe(0);
      expect(push.summaryText).toContain(
        'Promoted the translation memory of #5 (feature) into main: 120 entries copied, 0 already there.',
      );
      expect(redis.command('HLEN', 'transloom:tm:main')).toBe('120');
      // Main's own run found the merged translations: nothing sent.
      expect(translated()).toBe(0);
      expect(unmasked(push)).not.toContain('redis-pa55word');
    }
  });

  it('fails a shard without a shared memory, naming the setting', async () => {
    const fixture = createGitFixture(projectFiles());
    fixture.checkout('main');
    const sha = fixture.tip('main');
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'no-memory'),
      event: pushEvent('main', sha, { message: 'Start', email: 'dev@example.com' }),
      ref: 'refs/heads/main',
      sha,
      apiUrl: github.url,
      inputs: {
        mode: 'translate',
        shard: '1/2',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': API_KEY,
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('needs a shared translation memory');
    expect(run.stdout).toContain('[TRANSLOOM_CONFIG]');
  });
});
