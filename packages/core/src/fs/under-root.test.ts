import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { underRoot } from './under-root.js';

describe('underRoot', () => {
  it('is path.resolve, for plain relative paths and every other spelling', () => {
    const paths = [
      'docs/a.md',
      'a',
      '.hidden/x',
      '...',
      '..a/b',
      'a/b..',
      'x\\y',
      './a',
      '../a',
      'a/..',
      'a/.',
      'a/./b',
      'a/../../b',
      'a//b',
      'a/',
      '',
      '.',
      '..',
      '/abs/path',
    ];
    for (const root of [
      '/work/project',
      '/work/project/',
      '/',
      '/work/../project',
      'relative/root',
    ])
      for (const path of paths)
        expect(underRoot(root, path), `${root} + ${path}`).toBe(resolve(root, path));
  });
});
