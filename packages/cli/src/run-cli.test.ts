import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@transloom/client';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { E2E_KEY, e2eService, serviceEnv, starterProject } from './test-support/e2e.js';
import { memoryIo } from './test-support/memory-io.js';

describe('transloom (in process)', async () => {
  const server = await e2eService();

  it('prints usage, its version, and exits 2 for an unknown command', async () => {
    const help = memoryIo('/');
    expect(await runCli(['--help'], help)).toBe(0);
    expect(help.stdout.text).toContain('Usage: transloom <command>');
    const version = memoryIo('/');
    expect(await runCli(['--version'], version)).toBe(0);
    expect(version.stdout.text).toBe('0.1.0\n');
    const unknown = memoryIo('/');
    expect(await runCli(['translat'], unknown)).toBe(2);
    expect(unknown.stderr.text).toContain("unknown command 'translat'");
    const flag = memoryIo('/');
    expect(await runCli(['translate', '--dryrun'], flag)).toBe(2);
    // The command is named once.
    expect(flag.stderr.text).toBe("transloom translate: Unknown option '--dryrun'\n");
  });

  it('exits 2 with the key and the closest valid one for a config error', async () => {
    const root = await starterProject();
    const path = join(root, 'transloom.config.json');
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace('"targetLocales"', '"targetLocale"'),
    );
    const io = memoryIo(root);
    expect(await runCli(['translate'], io)).toBe(2);
    expect(io.stderr.text).toContain("targetLocale: unknown key; did you mean 'targetLocales'?");
    expect(io.stderr.text).not.toContain('    at ');
  });

  it('refuses a key without an address (or the reverse) instead of guessing', async () => {
    const root = await starterProject();
    const keyOnly = memoryIo(root, { TRANSLOOM_API_KEY: 'secret-key-123' });
    expect(await runCli(['translate'], keyOnly)).toBe(2);
    expect(keyOnly.stderr.text).toContain('TRANSLOOM_API_KEY is set but TRANSLOOM_API_URL is not');
    expect(keyOnly.stderr.text).not.toContain('secret-key-123');
    const urlOnly = memoryIo(root, { TRANSLOOM_API_URL: server.url });
    expect(await runCli(['translate'], urlOnly)).toBe(2);
  });

  it('never shows the key, not even when the service refuses it', async () => {
    const root = await starterProject();
    const io = memoryIo(root, {
      TRANSLOOM_API_KEY: 'wrong-key-7d1c9',
      TRANSLOOM_API_URL: server.url,
    });
    expect(await runCli(['translate', '--json'], io)).toBe(2);
    expect(io.stderr.text).toMatch(/transloom translate: .*(key|auth)/i);
    expect(io.stdout.text + io.stderr.text).not.toContain('wrong-key-7d1c9');
    const ok = memoryIo(root, serviceEnv(server));
    expect(await runCli(['translate', '--json'], ok)).toBe(0);
    expect(ok.stdout.text + ok.stderr.text).not.toContain(E2E_KEY);
  });

  it('uses the built-in local service when no key is set, says so once, and starts it only when there is work', async () => {
    const root = await starterProject();
    const first = memoryIo(root);
    expect(await runCli(['translate'], first)).toBe(0);
    expect(
      first.stderr.text.match(
        /using the built-in local service at http:\/\/127\.0\.0\.1:\d+ \(pseudo-localization\)/g,
      ),
    ).toHaveLength(1);
    expect(
      JSON.parse(await readFile(join(root, 'locales/de/common.json'), 'utf8')).settings.save,
    ).toMatch(/^\[.+\]$/);
    const second = memoryIo(root);
    expect(await runCli(['translate'], second)).toBe(0);
    expect(second.stderr.text).not.toContain('built-in local service');
    expect(second.stderr.text).toContain(
      '0 files written, 5 of 5 source files up to date, 0 requests',
    );
  });

  it('draws progress bars on a terminal, plain lines in CI, and color only when allowed', async () => {
    const tty = memoryIo(await starterProject(), { ...serviceEnv(server), FORCE_COLOR: '1' }, true);
    expect(await runCli(['translate'], tty)).toBe(0);
    expect(tty.stderr.text).toMatch(/de \u001b\[36m[█░]+\u001b\[0m 51\/51 texts/);
    const ci = memoryIo(await starterProject(), { ...serviceEnv(server), CI: 'true' }, true);
    expect(await runCli(['translate'], ci)).toBe(0);
    expect(ci.stderr.text).toContain('transloom: de: 51 texts to translate\n');
    expect(ci.stderr.text).toContain('transloom: de: 51/51 texts\n');
    expect(ci.stderr.text).not.toContain('█');
    const broken = await starterProject();
    await writeFile(join(broken, 'locales/en/broken.json'), '{ "a": ');
    const plain = memoryIo(broken, { ...serviceEnv(server), NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(await runCli(['translate'], plain)).toBe(3);
    expect(plain.stderr.text).toContain('locales/en/broken.json:1:8: error:');
    expect(plain.stderr.text).not.toContain('\u001b[');
    const colored = memoryIo(broken, { ...serviceEnv(server), FORCE_COLOR: '1' });
    await runCli(['translate'], colored);
    expect(colored.stderr.text).toContain('\u001b[31mlocales/en/broken.json:1:8');
  });

  it('checks every link and anchor of a built site with check --links', async () => {
    const root = await starterProject();
    expect(await runCli(['translate'], memoryIo(root, serviceEnv(server)))).toBe(0);
    const site = join(root, 'build');
    await mkdir(join(site, 'guide'), { recursive: true });
    await writeFile(
      join(site, 'index.html'),
      '<a href="/guide/">Guide</a>\n<a href="/guide/#setup">Setup</a>\n<a href="/guide/#gone">Gone</a>\n',
    );
    await writeFile(join(site, 'guide/index.html'), '<h2 id="setup">Setup</h2>');
    const io = memoryIo(root);
    expect(await runCli(['check', '--links', 'build'], io)).toBe(3);
    expect(io.stderr.text).toContain('links: 2 pages, 3 links and 2 anchors checked, 1 broken');
    expect(io.stderr.text).toMatch(/index\.html:3:\d+: error: .*#gone.* \[broken-anchor\]/);
    await writeFile(join(site, 'index.html'), '<a href="/guide/#setup">Setup</a>\n');
    expect(await runCli(['check', '--links', 'build'], memoryIo(root))).toBe(0);
  });

  it('prints the status table on stdout', async () => {
    const root = await starterProject();
    const io = memoryIo(root);
    expect(await runCli(['status'], io)).toBe(0);
    expect(io.stdout.text).toContain('files[0]: locales/{locale}/*.json: 1 file\n');
    expect(io.stdout.text).toMatch(
      /^locale\s+up to date\s+new\s+changed\s+kept\s+stale edits\s+removed\nde\s+0\s+51\s+0\s+0\s+0\s+0\npl\s+0\s+51/,
    );
  });

  it('says in status when the docs site’s own config lacks a target locale, with the lines to add', async () => {
    const root = await mkdtemp(join(tmpdir(), 'transloom-cli-site-'));
    afterAll(() => rm(root, { recursive: true, force: true }));
    await mkdir(join(root, 'docs', '.vitepress'), { recursive: true });
    await writeFile(
      join(root, 'transloom.config.json'),
      JSON.stringify({ sourceLocale: 'en', targetLocales: ['de'], preset: 'vitepress' }),
    );
    await writeFile(join(root, 'docs', '.vitepress', 'config.ts'), 'export default {}\n');
    await writeFile(join(root, 'docs', 'index.md'), '# Home\n');
    const io = memoryIo(root);
    expect(await runCli(['status'], io)).toBe(0);
    expect(io.stderr.text).toContain(
      [
        'transloom: vitepress: docs/.vitepress/config.ts has no locales: VitePress builds their pages into the root locale (one search index and one menu for every language). Add:',
        '  locales: {',
        "    root: { label: 'English', lang: 'en' },",
        "    de: { label: 'Deutsch', lang: 'de', link: '/de/' },",
        '  },',
      ].join('\n'),
    );
    expect(io.stdout.text).toContain(
      'files[0]: docs/**/*.{md,mdx} -> docs/{locale}/{path}: 1 file',
    );
  });

  it('validates, pushes and pulls the glossary', async () => {
    const root = await starterProject();
    const validate = memoryIo(root);
    expect(await runCli(['glossary', 'validate'], validate)).toBe(0);
    expect(validate.stdout.text).toBe(
      'glossary is valid: de 3 entries, pl 3 entries, ja 3 entries\nread as a CSV table in glossary.csv: a header row of locales (en, de, pl, ja), then one row per term\n',
    );
    const push = memoryIo(root, serviceEnv(server));
    expect(await runCli(['glossary', 'push', '--json'], push)).toBe(0);
    const pushed = JSON.parse(push.stdout.text);
    expect(pushed).toMatchObject({ pushed: ['de', 'pl', 'ja'], created: true, requests: 1 });
    expect(await readFile(join(root, 'transloom.lock'), 'utf8')).toContain(
      `glossary ${pushed.glossaryId} de=`,
    );
    const again = memoryIo(root, serviceEnv(server));
    expect(await runCli(['glossary', 'push'], again)).toBe(0);
    expect(again.stdout.text).toBe('glossary is up to date on the service; nothing sent\n');
    // Someone changed an entry on the service: pull writes it into glossary.csv.
    const client = createClient({ apiKey: E2E_KEY, serverUrl: server.url });
    await client.glossaries.replaceDictionary(pushed.glossaryId, {
      sourceLang: 'en',
      targetLang: 'de',
      entries: { Transloom: 'Transloom', 'lock file': 'Sperrdatei' },
    });
    const pull = memoryIo(root, serviceEnv(server));
    expect(await runCli(['glossary', 'pull'], pull)).toBe(0);
    expect(await readFile(join(root, 'glossary.csv'), 'utf8')).toBe(
      'en,de,pl,ja\nTransloom,Transloom,Transloom,Transloom\nlock file,Sperrdatei,,\npull request,,pull request,プルリクエスト\ntranslation memory,,pamięć tłumaczeń,翻訳メモリ\n',
    );
    const bad = await starterProject();
    await writeFile(join(bad, 'glossary.csv'), 'en,de\nbranch,Zweig\nbranch,Ast\n');
    const invalid = memoryIo(bad);
    expect(await runCli(['glossary', 'validate'], invalid)).toBe(2);
    expect(invalid.stderr.text).toContain(
      'glossary.csv:3:1: error: "branch": duplicate source phrase, first given at glossary.csv:2:1; a dictionary holds each source phrase once [duplicate-source]',
    );
  });

  it('reports usage from the service', async () => {
    const io = memoryIo(await starterProject(), serviceEnv(server));
    expect(await runCli(['usage', '--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout.text)).toMatchObject({
      characterCount: expect.any(Number),
      characterLimit: expect.any(Number),
    });
  });

  it('passes serve its own flags', async () => {
    const io = memoryIo('/');
    expect(await runCli(['serve', '--help'], io)).toBe(0);
    expect(io.stdout.text).toContain('--faults');
  });
});

describe('transloom extract', async () => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-extract-'));
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('adds the keys the code uses to the source catalogs, keeping existing values and formatting', async () => {
    await writeFile(
      join(root, 'transloom.config.json'),
      JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
        extract: {
          input: ['src/**/*.tsx'],
          output: 'locales/{locale}/{ns}.json',
          defaultNamespace: 'common',
        },
      }),
    );
    await mkdir(join(root, 'src'), { recursive: true });
    await mkdir(join(root, 'locales/en'), { recursive: true });
    await writeFile(
      join(root, 'src/App.tsx'),
      "export const App = () => <p>{t('app.title')} {t('app.subtitle', 'Fast and safe')} {t('inbox.count', { count: 2 })} {t('admin:users.title', 'Users')}</p>;\n",
    );
    await writeFile(
      join(root, 'locales/en/common.json'),
      '{\n    "app": {\n        "title": "My app"\n    }\n}\n',
    );
    const io = memoryIo(root);
    expect(await runCli(['extract'], io)).toBe(0);
    expect(io.stdout.text).toContain('4 keys added');
    expect(await readFile(join(root, 'locales/en/common.json'), 'utf8')).toBe(
      '{\n    "app": {\n        "title": "My app",\n        "subtitle": "Fast and safe"\n    },\n    "inbox": {\n        "count_one": "inbox.count",\n        "count_other": "inbox.count"\n    }\n}\n',
    );
    expect(JSON.parse(await readFile(join(root, 'locales/en/admin.json'), 'utf8'))).toEqual({
      users: { title: 'Users' },
    });
    const again = memoryIo(root);
    expect(await runCli(['extract', '--json'], again)).toBe(0);
    expect(JSON.parse(again.stdout.text)).toEqual({ scanned: 1, added: {} });
  });
});

describe('transloom translate, interrupted', async () => {
  const slow = await e2eService({
    engine: {
      name: 'slow',
      async translate(input) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return input.texts.map((t) => `[${t}]`);
      },
    },
  });

  it('stops on Ctrl-C, keeps what was translated, and exits 130', async () => {
    const root = await starterProject();
    await writeFile(
      join(root, 'transloom.config.json'),
      (await readFile(join(root, 'transloom.config.json'), 'utf8')).replace(
        '"sourceLocale"',
        '"concurrency": 1, "sourceLocale"',
      ),
    );
    const controller = new AbortController();
    const io = { ...memoryIo(root, serviceEnv(slow)), signal: controller.signal };
    const timer = setInterval(() => {
      if (
        slow.faults!.requests.filter((r) => r.path === '/v2/translate' && r.status === 200)
          .length >= 1
      ) {
        clearInterval(timer);
        controller.abort(new Error('interrupted'));
      }
    }, 5);
    expect(await runCli(['translate'], io)).toBe(130);
    expect(io.stderr.text).toContain(
      'interrupted; every translation verified so far was written, and nothing else',
    );
    expect(io.stderr.text).not.toContain('    at ');
    // The next run finishes the job (what a stop leaves is covered by the integrity tests).
    const rest = { ...memoryIo(root, serviceEnv(slow)) };
    const before = slow.faults!.requests.filter((r) => r.path === '/v2/translate').length;
    expect(await runCli(['translate'], rest)).toBe(0);
    const after = slow.faults!.requests.filter((r) => r.path === '/v2/translate').length;
    expect(after - before).toBeGreaterThan(0);
    expect(await readFile(join(root, 'transloom.lock'), 'utf8')).toMatch(/^file "/m);
  });
});
