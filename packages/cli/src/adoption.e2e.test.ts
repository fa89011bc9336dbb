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
    // `# 处理组合式函数 %{#dealing-with-composables}%`: the id in the site's own syntax, where
    // writing it from its source would add one more.
    expect(composables).toMatchObject({ locale: 'zh', line: 1, column: 40 });
    const plain = await runTransloom(['status'], { cwd: root, env });
    expect(`${plain.stdout}${plain.stderr}`).toContain(
      'zh/cookbook/composables.md:1:40: not aligned: kept as the person wrote it',
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
    expect(await readFile(join(root, 'zh/getting-started.md'), 'utf8')).not.toBe(
      await readFile(join(root, 'getting-started.md'), 'utf8'),
    );
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
});
