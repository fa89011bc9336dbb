import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createGitFixture } from './test-support/git-fixture.js';
import { projectFiles, startGitHub, translateOnPush } from './test-support/scenario.js';

const github = await startGitHub();

it('a translation service that is down fails a push run within 30 s, with nothing committed or pushed', async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const fixture = createGitFixture(projectFiles());
  const main = fixture.tip('main');
  const calls = github.calls.length;
  const started = performance.now();
  const run = await translateOnPush(fixture, 'run', {
    serviceUrl: `http://127.0.0.1:${port}`,
    githubUrl: github.url,
  });
  const ms = performance.now() - started;
  console.info(
    `Action translate on push, service down: exit ${run.code} after ${Math.round(ms)} ms`,
  );
  expect(run.code).toBe(1);
  expect(ms).toBeLessThan(30_000);
  const failure = run.annotations.at(-1)!.message;
  expect(failure).toMatch(
    /^Transloom: the service at http:\/\/127\.0\.0\.1:\d+ cannot be reached: connection refused \(ECONNREFUSED\), .*; nothing was committed or pushed\. Check input 'api-url' and that the service is up, then run the workflow again\. \[TRANSLOOM_SERVICE_UNREACHABLE\]$/,
  );
  expect(run.summaryText).toContain('Transloom: the step failed');
  expect(run.summaryText).toContain('cannot be reached');
  // Nothing committed, pushed or opened; no target with English text in the checkout.
  expect(fixture.git(fixture.workspace, 'rev-parse', 'HEAD')).toBe(main);
  expect(fixture.git(fixture.origin, 'branch', '--list', 'transloom/*')).toBe('');
  expect(existsSync(join(fixture.workspace, 'app/locales/de/common.json'))).toBe(false);
  expect(github.calls.slice(calls).filter((c) => c.method !== 'GET')).toEqual([]);
});
