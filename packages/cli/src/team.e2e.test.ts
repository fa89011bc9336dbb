import { rmSync, writeFileSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clearRequests,
  e2eService,
  runTransloom,
  serviceEnv,
  translateRequests,
} from './test-support/e2e.js';
import { editJson, git, gitOk, put, readJson, teamRepo } from './test-support/team-repo.js';

// A team is not one run: people work on parallel branches, merge, rebase, resolve conflicts
// however git offers, move files, and CI starts from fresh (and depth-1) clones. Whoever
// wrote each target text (Transloom, or a person) must survive all of it: a person's text is
// kept, Transloom's is updated when its source changes, and nothing is paid for twice.

const KEYS = 40;
const CATALOG = 'locales/en/common.json';
const DE = 'locales/de/common.json';
const FR = 'locales/fr/common.json';

const source = () =>
  Object.fromEntries(
    Array.from({ length: KEYS }, (_, i) => [
      `key${String(i).padStart(2, '0')}`,
      `Message ${i} for {{name}}`,
    ]),
  );

async function seed(dir: string): Promise<void> {
  await put(dir, CATALOG, `${JSON.stringify(source(), null, 2)}\n`);
  await put(
    dir,
    'docs/guide.md',
    '# Guide\n\nFirst paragraph of the guide.\n\nSecond paragraph with `code`.\n',
  );
  await put(
    dir,
    'transloom.config.json',
    JSON.stringify({
      sourceLocale: 'en',
      targetLocales: ['de', 'fr'],
      files: [
        { source: 'locales/{locale}/*.json' },
        { source: 'docs/*.md', target: 'i18n/{locale}/{path}' },
      ],
    }),
  );
}

describe('a team on git', async () => {
  const server = await e2eService();
  const env = serviceEnv(server);
  const sent = () => translateRequests(server).filter((r) => r.status === 200).length;
  const run = async (cwd: string, ...args: string[]) => {
    const result = await runTransloom([...args, '--json'], { cwd, env });
    return { ...result.json, code: result.code } as {
      code: number;
      requests: number;
      locales: Record<
        string,
        { kept: number; translated: number; reused: number; unknown: number; stale: number }
      >;
      stale: Array<{ unit: string; locale: string }>;
      unknown: unknown[];
      orphans: Array<{ source: string; targets: string[]; pruned?: boolean }>;
      pending: unknown[];
    };
  };
  const commit = (cwd: string, message: string) => {
    git(cwd, 'add', '-A');
    git(cwd, 'commit', '-qm', message);
  };

  // The translated seed on main; then Alice and Bob each change the catalog on a branch:
  // Alice adds a key at the end and edits one, Bob adds one at the start, deletes one, and
  // corrects a German translation by hand.
  const team = await teamRepo(seed);
  const first = team.clone('first');
  expect((await run(first, 'translate')).code).toBe(0);
  expect(await readFile(join(first, '.gitattributes'), 'utf8')).toContain(
    'transloom.lock merge=union',
  );
  commit(first, 'translated');
  git(first, 'push', '-q', 'origin', 'main');

  const alice = team.clone('alice');
  git(alice, 'checkout', '-q', '-b', 'alice');
  await editJson(alice, CATALOG, (o) => ({
    ...o,
    key03: 'Edited message three {{name}}',
    zzAlice: 'Alice added this',
  }));
  expect((await run(alice, 'translate')).code).toBe(0);
  commit(alice, 'alice');
  git(alice, 'push', '-q', 'origin', 'alice');

  const bob = team.clone('bob');
  git(bob, 'checkout', '-q', '-b', 'bob');
  await editJson(bob, CATALOG, ({ key20: _, ...o }) => ({ aaBob: 'Bob added this', ...o }));
  await editJson(bob, DE, (o) => ({ ...o, key30: 'Von Hand korrigiert, {{name}}' }));
  const bobs = await run(bob, 'translate');
  expect(bobs.locales.de!.kept).toBe(1);
  commit(bob, 'bob');
  git(bob, 'push', '-q', 'origin', 'bob');

  // After a merge: the person's text kept, Transloom's counted as Transloom's, nothing paid
  // again, and a later source change translated.
  const judgeMerged = async (cwd: string, way: string) => {
    clearRequests(server);
    const check = await run(cwd, 'check');
    expect(check.code, `${way}: check`).toBe(0);
    expect([check.locales.de!.kept, check.locales.fr!.kept], way).toEqual([1, 0]);
    expect(check.unknown, way).toEqual([]);
    const again = await run(cwd, 'translate');
    expect(again.requests, `${way}: nothing paid again`).toBe(0);
    expect((await readJson(cwd, DE)).key30, way).toBe('Von Hand korrigiert, {{name}}');
    expect((await readJson(cwd, DE)).zzAlice, way).toMatch(/Álíçé|\[/);
    await editJson(cwd, CATALOG, (o) => ({
      ...o,
      key05: 'Delete forever {{name}}',
      key30: 'Changed under the person {{name}}',
    }));
    const later = await run(cwd, 'translate');
    // German: key05 (key30 is the person's: kept, and now stale); French: both.
    expect([later.locales.de!.translated, later.locales.fr!.translated], way).toEqual([1, 2]);
    expect(
      later.stale.map((s) => `${s.locale} ${s.unit}`),
      way,
    ).toEqual(['de key30']);
    expect((await readJson(cwd, DE)).key05, way).not.toBe((await readJson(first, DE)).key05);
    expect((await readJson(cwd, DE)).key30, way).toBe('Von Hand korrigiert, {{name}}');
    // A stale edit is work for a check, until a person reviews it.
    expect((await run(cwd, 'check')).code, way).toBe(10);
    expect((await run(cwd, 'check', '--allow-stale')).code, way).toBe(0);
    expect(sent(), way).toBe(later.requests);
  };

  it('merges two branches with plain git merge and git rebase, with no conflict in the lock', async () => {
    const merged = team.clone('merged', { branch: 'alice' });
    git(merged, 'fetch', '-q', 'origin', 'bob');
    expect(gitOk(merged, 'merge', '--no-edit', 'origin/bob')).toBe(true);
    await judgeMerged(merged, 'merge');

    const rebased = team.clone('rebased', { branch: 'bob' });
    git(rebased, 'fetch', '-q', 'origin', 'alice');
    expect(gitOk(rebased, 'rebase', 'origin/alice')).toBe(true);
    await judgeMerged(rebased, 'rebase');
  });

  const ways: Record<string, (cwd: string) => void> = {
    ours: (cwd) => git(cwd, 'checkout', '-q', '--ours', 'transloom.lock'),
    theirs: (cwd) => git(cwd, 'checkout', '-q', '--theirs', 'transloom.lock'),
    union: (cwd) => {
      const stage = (n: number) => git(cwd, 'show', `:${n}:transloom.lock`);
      const files = { o: stage(2), b: stage(1), t: stage(3) };
      const paths = Object.fromEntries(Object.keys(files).map((k) => [k, join(cwd, `.${k}`)]));
      for (const [k, text] of Object.entries(files)) writeFileSync(paths[k]!, text);
      const union = (() => {
        try {
          return git(cwd, 'merge-file', '-p', '--union', paths.o!, paths.b!, paths.t!);
        } catch (error) {
          return (error as { stdout: string }).stdout;
        }
      })();
      writeFileSync(join(cwd, 'transloom.lock'), union);
      for (const path of Object.values(paths)) rmSync(path!);
    },
    deleted: (cwd) => git(cwd, 'rm', '-q', 'transloom.lock'),
    'left with markers': () => {},
  };
  for (const [way, resolve] of Object.entries(ways))
    for (const where of ['a fresh clone', 'the clone with its memory'])
      it(`keeps who wrote what when a forced lock conflict is resolved ${way}, then run in ${where}`, async () => {
        const name = `${way}-${where}`.replace(/\W+/g, '-');
        const cwd = team.clone(name, { branch: 'alice' });
        // Without the attribute git merges the lock as text, and conflicts.
        await writeFile(join(cwd, '.git/info/attributes'), 'transloom.lock -merge\n');
        if (where !== 'a fresh clone')
          await cp(join(alice, '.transloom'), join(cwd, '.transloom'), { recursive: true });
        git(cwd, 'fetch', '-q', 'origin', 'bob');
        expect(gitOk(cwd, 'merge', '--no-edit', 'origin/bob')).toBe(false);
        expect(git(cwd, 'diff', '--name-only', '--diff-filter=U').trim()).toBe('transloom.lock');
        resolve(cwd);
        if (way !== 'deleted') git(cwd, 'add', 'transloom.lock');
        git(cwd, 'commit', '-qm', `merged (${way})`);
        let at = cwd;
        if (where === 'a fresh clone') {
          git(cwd, 'push', '-q', 'origin', `HEAD:merged-${name}`);
          at = team.clone(`${name}-fresh`, { branch: `merged-${name}` });
        }
        await judgeMerged(at, way);
      });

  it('settles a conflicted lock with transloom lock resolve, from the stages git holds', async () => {
    const cwd = team.clone('resolve', { branch: 'alice' });
    await writeFile(join(cwd, '.git/info/attributes'), 'transloom.lock -merge\n');
    git(cwd, 'fetch', '-q', 'origin', 'bob');
    expect(gitOk(cwd, 'merge', '--no-edit', 'origin/bob')).toBe(false);
    // A naive resolution first: the other side's lines are still in git's stages.
    git(cwd, 'checkout', '-q', '--ours', 'transloom.lock');
    const resolved = await runTransloom(['lock', 'resolve', '--json'], { cwd, env });
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.json).toMatchObject({
      conflicted: true,
      staged: true,
      written: true,
      requests: 0,
    });
    expect(git(cwd, 'diff', '--name-only', '--diff-filter=U').trim()).toBe('');
    const lock = await readFile(join(cwd, 'transloom.lock'), 'utf8');
    expect(lock).not.toMatch(/^(<{7}|={7}|>{7})/m);
    expect(lock).toMatch(/"key30" \w+ de=\w+:\w+:h/);
    expect(lock).toMatch(/"aaBob" /);
    git(cwd, 'commit', '-qm', 'merged');
    await judgeMerged(cwd, 'lock resolve');
  });

  it('moves and renames pay nothing in a depth-1 clone, keep who wrote what, and leave no orphan behind', async () => {
    const mover = team.clone('mover');
    // A person's German text that must stay a person's through the moves, and a catalog and
    // a page more, to move each with and without its targets.
    await editJson(mover, DE, (o) => ({ ...o, key07: 'Sieben, von Hand, {{name}}' }));
    await put(
      mover,
      'locales/en/second.json',
      `${JSON.stringify({ one: 'One {{name}}', two: 'Two {{name}}' }, null, 2)}\n`,
    );
    await put(mover, 'docs/notes.md', '# Notes\n\nA note of the team.\n');
    expect((await run(mover, 'translate')).locales.de!.kept).toBe(1);
    commit(mover, 'a person edits key07; a second catalog and a page');
    // A catalog moved without its targets, with a key renamed in the source only and one
    // copied; a catalog moved with its targets; a page moved with its targets; a page moved
    // without them.
    git(mover, 'mv', CATALOG, 'locales/en/main.json');
    await editJson(mover, 'locales/en/main.json', ({ key01, ...o }) => ({
      ...o,
      renamed01: key01!,
      copied02: o.key02!,
    }));
    for (const locale of ['en', 'de', 'fr'])
      git(mover, 'mv', `locales/${locale}/second.json`, `locales/${locale}/2nd.json`);
    git(mover, 'mv', 'docs/guide.md', 'docs/handbook.md');
    for (const locale of ['de', 'fr'])
      git(mover, 'mv', `i18n/${locale}/guide.md`, `i18n/${locale}/handbook.md`);
    git(mover, 'mv', 'docs/notes.md', 'docs/notes-moved.md');
    commit(mover, 'moves');
    git(mover, 'push', '-q', 'origin', 'HEAD:moves');

    const ci = team.clone('ci-moves', { branch: 'moves', depth: 1 });
    clearRequests(server);
    const moved = await run(ci, 'translate');
    expect(moved.code).toBe(0);
    expect(moved.requests).toBe(0);
    expect(sent()).toBe(0);
    expect(moved.locales.de!.kept).toBe(1);
    expect(moved.unknown).toEqual([]);
    const main = await readJson(ci, 'locales/de/main.json');
    const old = await readJson(ci, DE);
    expect(main.key07).toBe('Sieben, von Hand, {{name}}');
    expect(main.renamed01).toBe(old.key01);
    expect(main.copied02).toBe(old.key02);
    expect(await readFile(join(ci, 'i18n/de/notes-moved.md'), 'utf8')).toBe(
      await readFile(join(ci, 'i18n/de/notes.md'), 'utf8'),
    );
    // The targets left behind are orphans: reported, then pruned with their lock lines.
    const orphans = [
      { source: 'docs/notes.md', targets: ['i18n/de/notes.md', 'i18n/fr/notes.md'] },
      { source: CATALOG, targets: [DE, FR] },
    ];
    expect(moved.orphans).toEqual(orphans);
    expect((await run(ci, 'check')).code).toBe(10);
    const pruned = await run(ci, 'translate', '--prune');
    expect(pruned.orphans).toEqual(orphans.map((o) => ({ ...o, pruned: true })));
    expect(gitOk(ci, 'ls-files', '--error-unmatch', DE)).toBe(true);
    await expect(readFile(join(ci, DE))).rejects.toThrow();
    await expect(readFile(join(ci, 'i18n/fr/notes.md'))).rejects.toThrow();
    const lock = await readFile(join(ci, 'transloom.lock'), 'utf8');
    expect(lock).not.toContain(`"${CATALOG}"`);
    expect(lock).not.toContain('"docs/notes.md"');
    const clean = await run(ci, 'check');
    expect(clean.code).toBe(0);
    expect(clean.locales.de!.kept).toBe(1);
  });

  it('in a depth-1 clone whose lock was deleted, reports what no record tells, overwrites none of it, and a review settles it', async () => {
    const cwd = team.clone('deleter');
    git(cwd, 'rm', '-q', 'transloom.lock');
    commit(cwd, 'lock deleted');
    git(cwd, 'push', '-q', 'origin', 'HEAD:deleted');
    const ci = team.clone('ci-deleted', { branch: 'deleted', depth: 1 });
    const before = await readJson(ci, DE);
    const check = await runTransloom(['check', '--json'], { cwd: ci, env });
    expect(check.code).toBe(11);
    expect(check.json.unknown.length).toBe(2 * (KEYS + 3));
    clearRequests(server);
    const kept = await run(ci, 'translate');
    expect(kept.requests).toBe(0);
    expect(await readJson(ci, DE)).toEqual(before);
    // A source change under a text no record tells is stale, not ignored.
    await editJson(ci, CATALOG, (o) => ({ ...o, key09: 'Nine, changed {{name}}' }));
    const stale = await run(ci, 'check');
    expect(stale.code).toBe(10);
    expect(stale.stale).toContainEqual(
      expect.objectContaining({ unit: 'key09', locale: 'de', origin: 'unknown' }),
    );
    // A person says: take a fresh translation of key09, accept the rest as theirs.
    expect((await run(ci, 'review', '--retranslate', '--unit', 'key09')).code).toBe(0);
    expect((await readJson(ci, DE)).key09).not.toBe(before.key09);
    expect((await run(ci, 'review', '--accept')).code).toBe(0);
    const settled = await run(ci, 'check');
    expect(settled.code).toBe(0);
    expect(settled.unknown).toEqual([]);
  });

  it('lists a stale edit with the source text it was written for and the one it is kept under now', async () => {
    const cwd = team.clone('reviewer', { branch: 'bob' });
    await editJson(cwd, CATALOG, (o) => ({ ...o, key30: 'Message 30, now longer, for {{name}}' }));
    commit(cwd, 'source of a corrected key changes');
    // French is Transloom's, translated again; German is the person's, kept and stale.
    const translated = await run(cwd, 'translate');
    expect([translated.locales.de!.translated, translated.locales.fr!.translated]).toEqual([0, 1]);
    expect((await run(cwd, 'check')).code).toBe(10);
    const listed = await runTransloom(['review'], { cwd, env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('written for: Message 30 for ');
    expect(listed.stdout).toContain('source now:  Message 30, now longer, for ');
    expect((await run(cwd, 'review', '--accept', '--locale', 'de')).code).toBe(0);
    expect((await run(cwd, 'check')).code).toBe(0);
    expect((await readJson(cwd, DE)).key30).toBe('Von Hand korrigiert, {{name}}');
  });
});
