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

  it('answers from a folder it found clean without missing a link, a .git or a way out beside', () => {
    const guard = new PathGuard(root);
    // The first path of a folder is checked in full; the folder's plain names are then known.
    expect(guard.checkSync('files[0].source', 'docs/a.md')).toBe(join(root, 'docs/a.md'));
    expect(guard.checkSync('files[0].source', 'docs/a.md')).toBe(join(root, 'docs/a.md'));
    expect(() => guard.checkSync('files[0].target', 'docs/out.md')).toThrow(/outside|leads out/);
    expect(() => guard.checkSync('files[0].target', 'docs/.git')).toThrow(/inside \.git/);
    expect(guard.checkSync('files[0].target', 'docs/de')).toBe(join(root, 'docs/de'));
    expect(() => guard.checkSync('files[0].target', 'docs/de/b.md')).toThrow(/outside|leads out/);
    expect(guard.checkSync('files[0].source', 'top.md')).toBe(join(root, 'top.md'));
    expect(() => guard.checkSync('files[0].source', '/top.md')).toThrow(/outside/);
    expect(guard.checkSync('files[0].source', 'docs/../top.md')).toBe(join(root, 'top.md'));
  });
});
