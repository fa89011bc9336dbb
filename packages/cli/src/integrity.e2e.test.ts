import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { e2eService, runTransloom, serviceEnv, snapshot } from './test-support/e2e.js';

// The CLI's promise on every way a run can stop: a target holds only verified translations
// or what a person wrote, and the exit code and the last line say what happened.

const KEYS = 3000;
const SOURCE = Object.fromEntries(
  Array.from({ length: KEYS }, (_, i) => [`key${i}`, `Message ${i} for {{name}}`]),
);

async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'transloom-integrity-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const config = (targetLocales: string[], extra: object = {}) =>
  JSON.stringify({
    sourceLocale: 'en',
    targetLocales,
    files: [{ source: 'locales/{locale}.json' }],
    ...extra,
  });

/** Keys of a target whose text is its source's. */
async function copied(root: string, locale: string): Promise<string[]> {
  const text = await readFile(join(root, `locales/${locale}.json`), 'utf8').catch(() => '{}');
  const target = JSON.parse(text) as Record<string, string>;
  return Object.keys(target).filter((k) => target[k] === SOURCE[k]);
}

describe('transloom when a run stops', async () => {
  const slow = await e2eService({
    engine: {
      name: 'slow',
      async translate(input) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        return input.texts.map((t) => `[${t}]`);
      },
    },
  });
  const env = serviceEnv(slow);
  const answered = () =>
    slow.faults!.requests.filter((r) => r.path === '/v2/translate' && r.status === 200).length;

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`stops on ${signal} in a cold run of ${KEYS} strings with exit ${code}, and writes no source text`, async () => {
      const root = await project({
        'transloom.config.json': config(['de', 'ru'], { concurrency: 2 }),
        'locales/en.json': JSON.stringify(SOURCE, null, 2),
      });
      slow.faults!.requests.length = 0;
      const run = await runTransloom(['translate'], {
        cwd: root,
        env,
        onSpawn: (_kill, pid) => {
          const timer = setInterval(() => {
            if (answered() >= 6) {
              clearInterval(timer);
              process.kill(pid, signal);
            }
          }, 5);
        },
      });
      expect(run.code).toBe(code);
      expect(run.stderr).toContain(
        `${signal === 'SIGINT' ? 'interrupted' : 'terminated'}; every translation verified so far was written, and nothing else`,
      );
      expect(run.stderr).not.toContain('    at ');
      // (Whether German has its first strings by then depends on the machine's speed.)
      const de = JSON.parse(
        await readFile(join(root, 'locales/de.json'), 'utf8').catch(() => '{}'),
      ) as Record<string, string>;
      expect(Object.keys(de).length).toBeLessThan(KEYS);
      expect(await copied(root, 'de')).toEqual([]);
      expect(await copied(root, 'ru')).toEqual([]);
      // The next run finishes the job and the project settles.
      const rest = await runTransloom(['translate', '--json'], { cwd: root, env });
      expect(rest.code).toBe(0);
      expect(rest.json.locales.de.reused + rest.json.locales.de.translated).toBe(
        KEYS - Object.keys(de).length,
      );
      expect(
        Object.keys(JSON.parse(await readFile(join(root, 'locales/de.json'), 'utf8'))),
      ).toHaveLength(KEYS);
      expect((await runTransloom(['check'], { cwd: root, env })).code).toBe(0);
    }, 60_000);
  }

  it('--frozen with a new key exits 10 and changes no file, the lock included', async () => {
    const root = await project({
      'transloom.config.json': config(['de']),
      'locales/en.json': JSON.stringify({ a: 'One', b: 'Two' }, null, 2),
    });
    expect((await runTransloom(['translate'], { cwd: root, env })).code).toBe(0);
    await writeFile(
      join(root, 'locales/en.json'),
      JSON.stringify({ a: 'One', b: 'Two', c: 'Three' }, null, 2),
    );
    const before = await snapshot(root);
    const frozen = await runTransloom(['translate', '--frozen'], { cwd: root, env });
    expect(frozen.code).toBe(10);
    expect(frozen.stderr).toMatch(/locales\/en\.json:\d+:\d+: de: not translated \(frozen\)/);
    expect(await snapshot(root)).toEqual(before);
  });
});

describe('transloom on a configuration or project it cannot use', async () => {
  const server = await e2eService();
  const env = serviceEnv(server);

  it('refuses a target locale the service does not know, before sending or writing', async () => {
    const root = await project({
      'transloom.config.json': config(['de', 'jp']),
      'locales/en.json': '{ "a": "One" }',
    });
    const run = await runTransloom(['translate'], { cwd: root, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "targetLocales[1]: 'jp' is not a language the service translates into; did you mean 'ja'?",
    );
    expect([...(await snapshot(root)).keys()].sort()).toEqual([
      'locales/en.json',
      'transloom.config.json',
    ]);
  });

  it('refuses a key without an address before writing anything', async () => {
    const root = await project({
      'transloom.config.json': config(['de']),
      'locales/en.json': '{ "a": "One" }',
    });
    const run = await runTransloom(['translate'], { cwd: root, env: { TRANSLOOM_API_KEY: 'k' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('TRANSLOOM_API_KEY is set but TRANSLOOM_API_URL is not');
    expect([...(await snapshot(root)).keys()].sort()).toEqual([
      'locales/en.json',
      'transloom.config.json',
    ]);
  });

  it('refuses a pattern that matches nothing in translate, check and status, unless allowed', async () => {
    const root = await project({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en-US',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
      }),
      'locales/en/app.json': '{ "a": "One" }',
    });
    for (const command of ['translate', 'check', 'status']) {
      const run = await runTransloom([command], { cwd: root, env });
      expect(run.code, command).toBe(2);
      expect(run.stderr, command).toContain("did you mean 'locales/en'?");
    }
    expect((await runTransloom(['check', '--allow-empty'], { cwd: root, env })).code).toBe(0);
  });

  it('says why check fails: a file it cannot read, broken links, units to translate', async () => {
    const root = await project({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
      }),
      'locales/en/good.json': '{ "a": "One" }',
      'locales/en/bad.json': '{ "a": "One", }',
      'site/index.html': '<a href="/missing/">x</a>',
    });
    expect((await runTransloom(['translate'], { cwd: root, env })).code).toBe(3);
    const check = await runTransloom(['check'], { cwd: root, env });
    expect(check.code).toBe(3);
    expect(check.stderr.trim().split('\n').at(-1)).toBe(
      'check: 1 file cannot be read or written; fix the errors above',
    );
    const status = await runTransloom(['status'], { cwd: root, env });
    expect(status.code).toBe(3);
    await writeFile(join(root, 'locales/en/bad.json'), '{ "a": "One" }');
    expect((await runTransloom(['translate'], { cwd: root, env })).code).toBe(0);
    const links = await runTransloom(['check', '--links', 'site'], { cwd: root, env });
    expect(links.code).toBe(3);
    expect(links.stderr.trim().split('\n').at(-1)).toBe('check: 1 broken link in the built site');
    await writeFile(join(root, 'locales/en/good.json'), '{ "a": "One", "b": "Two" }');
    const pending = await runTransloom(['check'], { cwd: root, env });
    expect(pending.code).toBe(10);
    expect(pending.stderr.trim().split('\n').at(-1)).toBe(
      'check: 1 unit missing or out of date; run transloom translate',
    );
    expect((await runTransloom(['status'], { cwd: root, env })).code).toBe(0);
  });

  it('refuses a read-only target folder with one line and no stack, billing nothing', async () => {
    const root = await project({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
      }),
      'locales/en/app.json': '{ "a": "One" }',
    });
    await mkdir(join(root, 'locales/de'));
    const root0 = process.getuid?.() === 0;
    execFileSync(root0 ? 'chattr' : 'chmod', [root0 ? '+i' : '555', join(root, 'locales/de')]);
    try {
      server.faults!.requests.length = 0;
      const run = await runTransloom(['translate'], { cwd: root, env });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /cannot write 'locales\/de\/app\.json': the folder 'locales\/de' is not writable/,
      );
      expect(run.stderr).not.toContain('    at ');
      expect(server.faults!.requests.filter((r) => r.path === '/v2/translate')).toEqual([]);
    } finally {
      execFileSync(root0 ? 'chattr' : 'chmod', [root0 ? '-i' : '755', join(root, 'locales/de')]);
    }
  });
});
