import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eService, runTransloom, serviceEnv } from './test-support/e2e.js';
import { seededRandom } from './test-support/seeded-random.js';
import { editJson, git, gitOk, put, readJson, teamRepo } from './test-support/team-repo.js';

// Random sequences of what a team does on two branches (add, edit, delete and rename keys,
// correct a translation by hand, translate and commit in between), merged or rebased, with
// the lock merged by its attribute or a forced conflict resolved to one side or deleted, in a
// fresh clone or in one with memory. Whatever the path, three things hold afterwards: every
// person's text is kept as they wrote it, no text of Transloom's counts as a person's (nor
// the reverse), and nothing is paid for again, while a later source change is translated.
// TEAM_SEED repeats a run's choices; TEAM_SCENARIOS says how many to play.

const SEED = Number(process.env.TEAM_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SCENARIOS = Number(process.env.TEAM_SCENARIOS ?? 6);
const CATALOG = 'locales/en/common.json';
const DE = 'locales/de/common.json';

/** What the test knows each key of the catalog holds in German: Transloom's text, or a person's. */
type Model = Map<
  string,
  { origin: 'machine' } | { origin: 'human'; text: string; stale?: boolean }
>;

interface Branch {
  name: string;
  cwd: string;
  /** The keys this branch alone changes (so the two never conflict in the source). */
  owned: string[];
  /** Where it adds keys: A at the start of the catalog, B at its end (so git merges both). */
  first: boolean;
  model: Model;
  serial: number;
}

const MERGES = ['merge', 'rebase', 'ours', 'theirs', 'deleted'] as const;
const PLACES = ['a fresh clone', 'the clone with memory'] as const;

describe('a team on git, at random', async () => {
  const server = await e2eService();
  const env = serviceEnv(server);
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  console.log(`team-property: seed ${SEED} (TEAM_SEED=${SEED} plays the same scenarios)`);
  const run = async (cwd: string, ...args: string[]) => {
    const result = await runTransloom([...args, '--json'], { cwd, env });
    expect(result.json, result.stderr).toBeDefined();
    return { ...result.json, code: result.code };
  };
  const commit = (cwd: string, message: string) => {
    git(cwd, 'add', '-A');
    if (git(cwd, 'status', '--porcelain').trim() !== '') git(cwd, 'commit', '-qm', message);
  };

  const team = await teamRepo(async (dir) => {
    const keys = Object.fromEntries(
      Array.from({ length: 24 }, (_, i) => [
        `k${String(i).padStart(2, '0')}`,
        `Text ${i} for {{name}}`,
      ]),
    );
    await put(dir, CATALOG, `${JSON.stringify(keys, null, 2)}\n`);
    await put(
      dir,
      'transloom.config.json',
      JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de', 'fr'],
        files: [{ source: 'locales/{locale}/*.json' }],
      }),
    );
  });
  const first = team.clone('first');
  expect((await run(first, 'translate')).code).toBe(0);
  commit(first, 'translated');
  git(first, 'push', '-q', 'origin', 'main');
  const base = Object.keys(await readJson(first, CATALOG));

  // One random step of a branch, applied to its clone and its model.
  const step = async (branch: Branch) => {
    const { cwd, model, owned } = branch;
    const present = owned.filter((k) => model.has(k));
    const kind = pick([
      'add',
      'edit',
      'delete',
      'rename',
      'hand-edit',
      'translate',
      'hand-edit',
    ] as const);
    const fresh = () => `${branch.name}${branch.serial++}`;
    const place = (o: Record<string, string>, key: string, text: string) =>
      branch.first ? { [key]: text, ...o } : { ...o, [key]: text };
    if (kind === 'add') {
      const key = fresh();
      await editJson(cwd, CATALOG, (o) => place(o, key, `Added ${key} for {{name}}`));
      owned.push(key);
      model.set(key, { origin: 'machine' });
    } else if (kind === 'edit' && present.length > 0) {
      const key = pick(present);
      await editJson(cwd, CATALOG, (o) => ({
        ...o,
        [key]: `${o[key]!.replace(' for ', ' edited for ')}`,
      }));
      // A person's text stays theirs, written for the source before.
      const m = model.get(key)!;
      if (m.origin === 'human') m.stale = true;
    } else if (kind === 'delete' && present.length > 0) {
      const key = pick(present);
      await editJson(cwd, CATALOG, ({ [key]: _, ...o }) => o);
      model.delete(key);
    } else if (kind === 'rename' && present.length > 0) {
      const key = pick(present);
      const name = fresh();
      await editJson(cwd, CATALOG, ({ [key]: text, ...o }) => place(o, name, text!));
      owned.push(name);
      // A person's text moves with its key (the repository lends it to the new one), unless
      // its source changed since they wrote it: the new key is then translated.
      const m = model.get(key)!;
      model.set(name, m.origin === 'human' && m.stale ? { origin: 'machine' } : m);
      model.delete(key);
    } else if (kind === 'hand-edit') {
      // Only a key with a German text yet (translated and committed) can be corrected.
      const target = await readJson(cwd, DE);
      const candidates = present.filter((k) => target[k] !== undefined);
      if (candidates.length === 0) return `${kind} (none)`;
      const key = pick(candidates);
      const text = `Von Hand ${branch.serial++}: {{name}}`;
      await editJson(cwd, DE, (o) => ({ ...o, [key]: text }));
      model.set(key, { origin: 'human', text });
    } else {
      const translated = await run(cwd, 'translate');
      expect(translated.code).toBe(0);
      commit(cwd, `${branch.name}: translated`);
      return kind;
    }
    return kind;
  };

  const branchOf = (name: string, owned: string[], first: boolean): Branch => {
    const cwd = team.clone(name);
    git(cwd, 'checkout', '-q', '-b', name);
    const model: Model = new Map(owned.map((k) => [k, { origin: 'machine' }]));
    return { name, cwd, owned, first, model, serial: 0 };
  };

  for (let scenario = 1; scenario <= SCENARIOS; scenario++) {
    const merge = pick(MERGES);
    const place = pick(PLACES);
    it(`scenario ${scenario}: two branches, ${merge}, then ${place}`, async () => {
      // Keys apart by a few lines: git merges changes of lines next to each other as a conflict.
      const a = branchOf(`a${scenario}x`, base.slice(0, 10), true);
      const b = branchOf(`b${scenario}x`, base.slice(14), false);
      const steps: string[] = [];
      for (const branch of [a, b]) {
        const count = 3 + Math.floor(random() * 4);
        for (let i = 0; i < count; i++) steps.push(`${branch.name}: ${await step(branch)}`);
        // Each branch ends translated and pushed, as a pull request would.
        expect((await run(branch.cwd, 'translate')).code).toBe(0);
        commit(branch.cwd, `${branch.name}: translated`);
        git(branch.cwd, 'push', '-q', 'origin', branch.name);
      }
      const why = `${steps.join('; ')}; then ${merge} in ${place}`;

      // B's branch is brought onto A's, the way the scenario says.
      const cwd = team.clone(`m${scenario}`, { branch: a.name });
      if (place === 'the clone with memory')
        await cp(join(a.cwd, '.transloom'), join(cwd, '.transloom'), { recursive: true });
      git(cwd, 'fetch', '-q', 'origin', b.name);
      if (merge === 'rebase') {
        git(cwd, 'checkout', '-q', '-b', 'onto', `origin/${b.name}`);
        expect(gitOk(cwd, 'rebase', a.name), why).toBe(true);
      } else if (merge === 'merge') {
        expect(gitOk(cwd, 'merge', '--no-edit', `origin/${b.name}`), why).toBe(true);
      } else {
        // Without the attribute the lock conflicts, and someone resolves it naively.
        await writeFile(join(cwd, '.git/info/attributes'), 'transloom.lock -merge\n');
        const clean = gitOk(cwd, 'merge', '--no-edit', `origin/${b.name}`);
        if (!clean) {
          expect(git(cwd, 'diff', '--name-only', '--diff-filter=U').trim(), why).toBe(
            'transloom.lock',
          );
          if (merge === 'deleted') git(cwd, 'rm', '-q', 'transloom.lock');
          else {
            git(cwd, 'checkout', '-q', `--${merge}`, 'transloom.lock');
            git(cwd, 'add', 'transloom.lock');
          }
          git(cwd, 'commit', '-qm', 'merged');
        }
      }
      let at = cwd;
      if (place === 'a fresh clone') {
        git(cwd, 'push', '-qf', 'origin', `HEAD:merged${scenario}`);
        at = team.clone(`f${scenario}`, { branch: `merged${scenario}` });
      }

      const untouched = base.slice(10, 14).map((k) => [k, { origin: 'machine' }] as const);
      const model: Model = new Map([...a.model, ...b.model, ...untouched]);
      const people = [...model].filter(([, m]) => m.origin === 'human');
      const after = await run(at, 'translate');
      expect(after.code, why).toBe(0);
      // Nothing already in the merged targets is paid for again.
      expect(after.requests, why).toBe(0);
      expect(after.unknown, why).toEqual([]);
      // Every person's text kept as written, and counted as theirs; nothing else is.
      const de = await readJson(at, DE);
      for (const [key, m] of people)
        expect(de[key], `${why}: ${key}`).toBe((m as { text: string }).text);
      expect(after.locales.de.kept, why).toBe(people.length);
      expect(after.locales.fr.kept, why).toBe(0);
      // A later change of every source string: Transloom's texts are translated again, each
      // person's is kept (and stale).
      await editJson(at, CATALOG, (o) =>
        Object.fromEntries(
          Object.entries(o).map(([k, v]) => [k, v.replace('{{name}}', 'now {{name}}')]),
        ),
      );
      const later = await run(at, 'translate');
      expect(later.code, why).toBe(0);
      expect(later.locales.de.translated, why).toBe(model.size - people.length);
      expect(later.locales.fr.translated, why).toBe(model.size);
      expect(later.stale.length, why).toBe(people.length);
      const again = await readJson(at, DE);
      for (const [key, m] of people)
        expect(again[key], `${why}: ${key}`).toBe((m as { text: string }).text);
    }, 240_000);
  }
});
