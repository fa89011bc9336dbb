import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createGit } from './git.js';
import { commitPaths } from './publish-commit.js';
import { createGitFixture } from './test-support/git-fixture.js';

const BOT = { name: 'Loc Bot', email: 'loc-bot@example.com' };

it('commits more files than a command line holds, and only those', async () => {
  const fixture = createGitFixture({ 'README.md': 'x\n', '.gitignore': 'ignored/\n' });
  fixture.checkout('main');
  const dir = join(
    fixture.workspace,
    'i18n',
    'de',
    'a-rather-long-directory-name-for-the-translated-pages-of-a-big-site',
  );
  mkdirSync(dir, { recursive: true });
  mkdirSync(join(fixture.workspace, 'ignored'));
  // About 3 MB of paths: past the 2 MB a Linux command line may hold.
  const paths = Array.from({ length: 20_000 }, (_, i) => join(dir, `page-number-${i}.md`));
  for (const path of paths) writeFileSync(path, 'Seite\n');
  writeFileSync(join(fixture.workspace, 'ignored', 'x.md'), 'x\n');
  writeFileSync(join(fixture.workspace, 'other.md'), 'not ours\n');
  const made = await commitPaths({
    git: createGit(fixture.workspace),
    paths: [...paths, join(fixture.workspace, 'ignored', 'x.md')],
    message: 'Translate',
    author: BOT,
  });
  expect(made.ignored).toEqual([join(fixture.workspace, 'ignored', 'x.md')]);
  const files = execFileSync('git', ['show', '--name-only', '--format=%ae', made.sha!], {
    cwd: fixture.workspace,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .trim()
    .split('\n');
  expect(files[0]).toBe(BOT.email);
  expect(files.filter(Boolean)).toHaveLength(20_001);
  expect(files).not.toContain('other.md');
  // The checkout matches the new commit: only the file that was not ours is left over.
  expect(fixture.git(fixture.workspace, 'status', '--porcelain')).toBe('?? other.md');
  // Nothing changed since: no second commit.
  const again = await commitPaths({
    git: createGit(fixture.workspace),
    paths,
    message: 'Translate',
    author: BOT,
  });
  expect(again.sha).toBeUndefined();
});
