import { expect, it } from 'vitest';
import { TransloomError } from './transloom-error.js';

it('recognizes an error of another copy of the class, as a bundled host meets the service’s', () => {
  // A second copy of the module, as the CLI's bundle carries one of its own.
  const brand = Symbol.for('transloom.error');
  class OtherCopy extends Error {
    readonly code = 'TRANSLOOM_DATABASE';
    readonly kind = 'user';
    constructor() {
      super('no SQLite driver');
      Object.defineProperty(this, brand, { value: true });
    }
  }
  expect(new OtherCopy()).toBeInstanceOf(TransloomError);
  expect(new Error('plain')).not.toBeInstanceOf(TransloomError);
  // A subclass keeps its own, ordinary check.
  class Narrow extends TransloomError {}
  expect(new TransloomError('TRANSLOOM_X', 'x')).not.toBeInstanceOf(Narrow);
  expect(new Narrow('TRANSLOOM_X', 'x')).toBeInstanceOf(Narrow);
  expect(new Narrow('TRANSLOOM_X', 'x')).toBeInstanceOf(TransloomError);
});

it('carries a file position when the error is about a place in a file', () => {
  const at = new TransloomError('TRANSLOOM_X', 'x', {
    kind: 'user',
    position: { file: 'a.json', line: 3, column: 7 },
  });
  expect(at.position).toEqual({ file: 'a.json', line: 3, column: 7 });
  expect(new TransloomError('TRANSLOOM_X', 'x').position).toBeUndefined();
});
