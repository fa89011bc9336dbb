import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clearRequests,
  e2eService,
  runTransloom,
  serviceEnv,
  snapshot,
  translateRequests,
} from './test-support/e2e.js';

/** Pinia's docs (VitePress) with the Chinese pages its community wrote (fixtures/adoption). */
const PINIA = fileURLToPath(new URL('../../../fixtures/adoption/pinia-docs/', import.meta.url));
const PAGES = [
  'cookbook/composables.md',
  'core-concepts/state.md',
  'getting-started.md',
  'index.md',
  'introduction.md',
];

/** Docusaurus's website page with the French its translators wrote (fixtures/adoption). */
const DOCUSAURUS = fileURLToPath(
  new URL('../../../fixtures/adoption/docusaurus-docs/', import.meta.url),
);
const FRENCH = 'i18n/fr/docusaurus-plugin-content-docs/current/browser-support.mdx';

async function piniaSite(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'transloom-adopt-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  await cp(PINIA, root, { recursive: true });
  await writeFile(
    join(root, 'transloom.config.mjs'),
    "export default { sourceLocale: 'en', targetLocales: ['zh'], preset: 'vitepress' };\n",
  );
  return root;
}

describe('adopting pages people translated', async () => {
  const server = await e2eService();
  const env = serviceEnv(server);
  const run = async (cwd: string, ...args: string[]) => {
    const result = await runTransloom([...args, '--json'], { cwd, env });
    expect(result.json, result.stderr).toBeDefined();
    return { ...(result.json as any), code: result.code, stderr: result.stderr };
  };

  it('keeps every page of a real community translation byte for byte, and says which pages it cannot write', async () => {
    const root = await piniaSite();
    const before = await snapshot(root);
    clearRequests(server);
    const first = await run(root, 'translate');
    expect(first.code).toBe(0);
    expect(translateRequests(server)).toEqual([]);
    expect(first.files.written).toEqual([]);
    // Every file as it was: the person's headings with their %{#id}% attributes, their links
    // to cn.vuejs.org, their code comments, their English terms.
    const after = await snapshot(root);
    for (const page of PAGES) expect(after.get(`zh/${page}`), page).toBe(before.get(`zh/${page}`));
    // Each page is reported, with where it first differs from its source.
    expect(first.notAligned.map((p: { target: string }) => p.target).sort()).toEqual(
      PAGES.map((p) => `zh/${p}`).sort(),
    );
    const composables = first.notAligned.find(
      (p: { source: string }) => p.source === 'cookbook/composables.md',
    );
    // `# 处理组合式函数 %{#dealing-with-composables}%` lines up (the id in the site's own
    // syntax is the heading's anchor); the page first differs in its link to cn.vuejs.org.
    expect(composables).toMatchObject({ locale: 'zh', line: 3, column: 17 });
    const plain = await runTransloom(['status'], { cwd: root, env });
    expect(`${plain.stdout}${plain.stderr}`).toContain(
      'zh/cookbook/composables.md:3:17: not aligned: kept as the person wrote it',
    );

    // status, check and a dry run say the same, and a check fails on the pages that lack
    // some of their source unless stale text is allowed.
    const check = await run(root, 'check');
    const dry = await run(root, 'translate', '--dry-run');
    const status = await run(root, 'status');
    for (const other of [check, dry, status]) {
      expect(other.notAligned).toEqual(first.notAligned);
      expect(other.locales.zh.kept).toBe(first.locales.zh.kept);
      expect(other.pending ?? []).toEqual([]);
    }
    expect(check.code).toBe(first.notAligned.some((p: { due: number }) => p.due > 0) ? 10 : 0);
    expect((await run(root, 'check', '--allow-stale')).code).toBe(0);
    expect(await snapshot(root)).toEqual(before);
  });

  it("translates a page copied from its source, and writes a person's page from its source when asked", async () => {
    const root = await piniaSite();
    // A page copied from English as a start: every unit is still to translate.
    await cp(join(root, 'getting-started.md'), join(root, 'zh/getting-started.md'));
    clearRequests(server);
    const copied = await run(root, 'translate', '--file', 'getting-started.md');
    expect(copied.code).toBe(0);
    expect(copied.files.written).toEqual(['zh/getting-started.md']);
    expect(copied.notAligned).toEqual([]);
    expect(copied.locales.zh.translated).toBeGreaterThan(10);
    const written = await readFile(join(root, 'zh/getting-started.md'), 'utf8');
    expect(written).not.toBe(await readFile(join(root, 'getting-started.md'), 'utf8'));
    // Its headings keep their source anchors in the site's own attribute syntax
    // (`markdown.attrs` delimiters `%{` `}%`), as the site's people write them.
    expect(written).toMatch(/^## .* %\{#installation\}%$/m);
    expect(written).toMatch(/^## .* %\{#what-is-a-store\}%$/m);
    expect(written).not.toContain('<span id=');
    expect(written).not.toMatch(/[^%]\{#[a-z-]+\}/);
    // Asked to, Transloom writes a person's page from its source, keeping their texts where
    // they line up (and replacing what does not).
    const human = await readFile(join(root, 'zh/introduction.md'), 'utf8');
    const taken = await run(root, 'translate', '--file', 'introduction.md', '--overwrite-edits');
    expect(taken.code).toBe(0);
    expect(taken.files.written).toEqual(['zh/introduction.md']);
    expect(await readFile(join(root, 'zh/introduction.md'), 'utf8')).not.toBe(human);
    const again = await run(root, 'check', '--file', 'introduction.md');
    expect(again.code).toBe(0);
    expect(again.notAligned).toEqual([]);
  });

  it("previews what it takes on, records people's texts only when asked, and never guesses them from a lost lock", async () => {
    const root = await mkdtemp(join(tmpdir(), 'transloom-adopt-'));
    afterAll(() => rm(root, { recursive: true, force: true }));
    const json = (o: object) => `${JSON.stringify(o, null, 2)}\n`;
    await writeFile(
      join(root, 'transloom.config.json'),
      json({ sourceLocale: 'en', targetLocales: ['de'], files: [{ source: '{locale}.json' }] }),
    );
    await writeFile(join(root, 'en.json'), json({ save: 'Save', open: 'Open', close: 'Close' }));
    const theirs = json({ save: 'Sichern', open: 'Öffnen' });
    await writeFile(join(root, 'de.json'), theirs);
    const before = await snapshot(root);

    // The preview: per file, what is found and what a run translates; nothing is written.
    clearRequests(server);
    const preview = await runTransloom(['adopt'], { cwd: root, env });
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('en.json de: 2 texts found, kept as they are, 1 to translate');
    expect(preview.stdout).toContain('transloom adopt --accept records the 2 texts found');
    expect(translateRequests(server)).toEqual([]);
    expect(await snapshot(root)).toEqual(before);

    // A run before the person says: their texts are kept, of unknown origin, and a check says so.
    const first = await run(root, 'translate');
    expect(first.code).toBe(0);
    expect(first.locales.de).toMatchObject({ translated: 1, kept: 0, unknown: 2 });
    expect(JSON.parse(await readFile(join(root, 'de.json'), 'utf8'))).toMatchObject({
      save: 'Sichern',
      open: 'Öffnen',
    });
    expect((await run(root, 'check')).code).toBe(11);

    // Accepted: the person's from now on; only the lock changed.
    const targets = await readFile(join(root, 'de.json'), 'utf8');
    const accepted = await run(root, 'adopt', '--accept');
    expect(accepted.code).toBe(0);
    expect(accepted.locales.de.kept).toBe(2);
    expect(await readFile(join(root, 'de.json'), 'utf8')).toBe(targets);
    const checked = await run(root, 'check');
    expect(checked.code).toBe(0);
    expect(checked.locales.de).toMatchObject({ kept: 2, unknown: 0, unchanged: 1 });

    // The lock and `.transloom/` deleted (no git here): Transloom's own `close` is not taken
    // for a person's; when its source changes, a check says it is due a review.
    await rm(join(root, 'transloom.lock'));
    await rm(join(root, '.transloom'), { recursive: true, force: true });
    const lost = await run(root, 'translate');
    expect(lost.locales.de).toMatchObject({ kept: 0, unknown: 3 });
    await writeFile(join(root, 'en.json'), json({ save: 'Save', open: 'Open', close: 'Close it' }));
    const stale = await run(root, 'check');
    expect(stale.code).toBe(10);
    expect(stale.stale.map((e: { unit: string; origin: string }) => [e.unit, e.origin])).toEqual([
      ['close', 'unknown'],
    ]);
    // Its review takes a fresh translation; the person's texts stay unknown until adopted again.
    clearRequests(server);
    const fresh = await run(root, 'review', '--retranslate', '--unit', 'close');
    expect(fresh.code).toBe(0);
    expect(translateRequests(server).length).toBe(1);
    expect(JSON.parse(await readFile(join(root, 'de.json'), 'utf8')).save).toBe('Sichern');
    const after = await run(root, 'check');
    expect(after.code).toBe(11);
    expect(after.unknown.map((u: { unit: string }) => u.unit).sort()).toEqual(['open', 'save']);
  });

  it('sums up, per file, the many texts a first run finds', async () => {
    const root = await mkdtemp(join(tmpdir(), 'transloom-adopt-'));
    afterAll(() => rm(root, { recursive: true, force: true }));
    const keys = Array.from({ length: 25 }, (_, i) => `key${i}`);
    const catalog = (word: string) =>
      `${JSON.stringify(Object.fromEntries(keys.map((k) => [k, `${word} ${k}`])), null, 2)}\n`;
    await writeFile(
      join(root, 'transloom.config.json'),
      JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: '{locale}.json' }],
      }),
    );
    await writeFile(join(root, 'en.json'), catalog('Open'));
    await writeFile(join(root, 'de.json'), catalog('Öffne'));
    const first = await runTransloom(['translate'], { cwd: root, env });
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(
      'en.json de: 25 texts no record says who wrote, kept as they are (--json lists them)',
    );
    expect(first.stderr).not.toContain('[key0]');
    expect(first.stderr).toContain('transloom adopt --accept');
  });

  it("keeps a Docusaurus site's human French page byte for byte, its code blocks and ids too", async () => {
    const root = await mkdtemp(join(tmpdir(), 'transloom-adopt-'));
    afterAll(() => rm(root, { recursive: true, force: true }));
    await cp(DOCUSAURUS, root, { recursive: true });
    await writeFile(
      join(root, 'transloom.config.mjs'),
      "export default { sourceLocale: 'en', targetLocales: ['fr'], preset: 'docusaurus' };\n",
    );
    const french = await readFile(join(root, FRENCH), 'utf8');
    clearRequests(server);
    for (const command of [['translate'], ['adopt', '--accept'], ['translate']]) {
      const result = await run(root, ...command);
      expect(result.code, command.join(' ')).toBe(0);
      expect(result.files.written).toEqual([]);
    }
    expect(translateRequests(server)).toEqual([]);
    // Every block as they wrote it: their `{#id}`s, their French punctuation, the code block
    // an older formatter indented.
    expect(await readFile(join(root, FRENCH), 'utf8')).toBe(french);
    const status = await run(root, 'status');
    expect(status.notAligned.map((p: { target: string }) => p.target)).toEqual([FRENCH]);
  });
});
