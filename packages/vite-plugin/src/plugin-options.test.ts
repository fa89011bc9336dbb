import { TransloomError } from '@transloom/client/errors';
import { expect, it } from 'vitest';
import { PluginOptionsError, resolvePluginOptions } from './plugin-options.js';

it('refuses bad options with a Transloom error that names each option and its rule', () => {
  let error: unknown;
  try {
    resolvePluginOptions({ build: 'nope' as never, pseudoLocale: 'x y' });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(PluginOptionsError);
  expect(error).toBeInstanceOf(TransloomError);
  expect(error).toMatchObject({
    name: 'PluginOptionsError',
    code: 'TRANSLOOM_VITE_OPTIONS',
    kind: 'user',
  });
  expect((error as Error).message).toBe(
    "transloom(): invalid options:\n  build: 'nope' is not one of translate, frozen, off\n  pseudoLocale: 'x y' is not a locale code like en-XA",
  );
});
