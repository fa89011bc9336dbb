import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PathGuard } from './path-guard.js';

describe('the path guard', async () => {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'transloom-guard-')));
  const outside = await realpath(await mkdtemp(join(tmpdir(), 'transloom-guard-out-')));
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });
  await mkdir(join(root, 'docs/de'), { recursive: true });
  await writeFile(join(root, 'docs/a.md'), '# A\n');
  await symlink(join(outside, 'b.md'), join(root, 'docs/de/b.md'));
  await symlink(outside, join(root, 'away'));
  await writeFile(join(root, 'top.md'), '# Top\n');
  await symlink(join(outside, 'out.md'), join(root, 'docs/out.md'));
  await writeFile(join(root, 'docs/.git'), 'gitdir: ../.git/modules/docs\n');

  it('answers a plain relative path as path.resolve names it, and any other spelling alike', () => {
    const guard = new PathGuard(root);
    for (const path of [
      'docs/a.md',
      'docs/de/new.md',
      '.hidden/x.md',
      'docs/...',
      './docs/a.md',
      'docs//a.md',
      'docs/./a.md',
      'docs/de/../a.md',
      'docs/',
      join(root, 'docs/a.md'),
    ])
      expect(guard.checkSync('files[0].target', path)).toBe(resolve(root, path));
  });

  it('refuses what leads out or into .git, however the path is spelled', () => {
    const guard = new PathGuard(root);
    for (const path of ['../x.md', 'docs/../../x.md', 'docs/de/b.md', 'away/c.md', 'away'])
      expect(() => guard.checkSync('files[0].target', path), path).toThrow(/outside|leads out/);
    for (const path of ['.git/config', 'docs/../.git/config', 'sub/.GIT./x', 'GIT~1/x', '.Git'])
      expect(() => guard.checkSync('files[0].target', path), path).toThrow(/inside \.git/);
  });

  it('checks a file to be opened without following links by its folder, and names in full', () => {
    const guard = new PathGuard(root);
    expect(guard.checkFolderSync('files[0].source', 'docs/a.md')).toBe(join(root, 'docs/a.md'));
    // A link as the last part is the opener's to meet (it opens with NO_FOLLOW).
    expect(guard.checkFolderSync('files[0].target', 'docs/out.md')).toBe(join(root, 'docs/out.md'));
    expect(() => guard.checkSync('files[0].target', 'docs/out.md')).toThrow(/outside|leads out/);
    // Names that spell git, folders that lead out, and paths not plainly below the root: in full.
    expect(() => guard.checkFolderSync('files[0].target', 'docs/.git')).toThrow(/inside \.git/);
    expect(() => guard.checkFolderSync('files[0].target', 'away/c.md')).toThrow(
      /'away\/c\.md' is outside/,
    );
    expect(guard.checkFolderSync('files[0].source', 'top.md')).toBe(join(root, 'top.md'));
    expect(() => guard.checkFolderSync('files[0].source', '/top.md')).toThrow(/outside/);
    expect(() => guard.checkFolderSync('files[0].source', '../top.md')).toThrow(/outside/);
    expect(guard.checkFolderSync('files[0].source', 'docs/../top.md')).toBe(join(root, 'top.md'));
    expect(guard.checkFolderSync('files[0].target', 'new/de/x.md')).toBe(join(root, 'new/de/x.md'));
  });
});
