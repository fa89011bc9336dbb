import { describe, expect, it } from 'vitest';
import { resolveLockConflict } from './resolve-lock-conflict.js';

describe('resolveLockConflict', () => {
  it('keeps both sides of each conflict, without the markers and the base', () => {
    const text = [
      '# transloom.lock',
      'unit "app/a.json" "x" 1 de=s:w',
      '<<<<<<< ours',
      'unit "app/a.json" "y" 2 de=s:w',
      '||||||| base',
      'unit "app/a.json" "y" 1 de=s:w',
      '=======',
      'unit "app/a.json" "y" 1 de=s:w pl=s:v',
      '>>>>>>> theirs',
      'unit "app/b.json" "z" 3 de=s:w',
      '',
    ].join('\n');
    expect(resolveLockConflict(text)).toBe(
      [
        '# transloom.lock',
        'unit "app/a.json" "x" 1 de=s:w',
        'unit "app/a.json" "y" 2 de=s:w',
        'unit "app/a.json" "y" 1 de=s:w pl=s:v',
        'unit "app/b.json" "z" 3 de=s:w',
        '',
      ].join('\n'),
    );
  });

  it('keeps a line both sides added once, and takes conflicts without a base section', () => {
    const text = [
      '<<<<<<< HEAD',
      '# header',
      'unit "b" 2',
      '=======',
      '# header',
      'unit "a" 1',
      '>>>>>>> transloom/main',
      'tail',
      '<<<<<<< HEAD',
      'one',
      '=======',
      'two',
      '>>>>>>> transloom/main',
    ].join('\n');
    expect(resolveLockConflict(text)).toBe(
      ['# header', 'unit "b" 2', 'unit "a" 1', 'tail', 'one', 'two', ''].join('\n'),
    );
  });

  it('leaves a text without conflicts as it is, line endings included', () => {
    const text = 'file "a" 1\r\n  unit "x" 2\r\n';
    expect(resolveLockConflict(text)).toBe(text);
    expect(resolveLockConflict('<<<<<<< a\r\nx\r\n=======\r\ny\r\n>>>>>>> b\r\n')).toBe(
      'x\r\ny\r\n',
    );
  });
});
