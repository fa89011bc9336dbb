import { TransloomError } from '@transloom/client/errors';
import { expect, it } from 'vitest';
import {
  buildModeOf,
  defaultNamespace,
  PluginOptionsError,
  resolvePluginOptions,
} from './plugin-options.js';

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

it('refuses an unknown catalogUpdates value and a types file that is no .d.ts', () => {
  expect(() =>
    resolvePluginOptions({ catalogUpdates: 'reload' as never, types: 'src/types.ts' }),
  ).toThrow(
    "transloom(): invalid options:\n  catalogUpdates: 'reload' is not one of propagate, in-place\n  types: must be a .d.ts file path (or { file, defaultNS })",
  );
});

it('lets catalog modules take updates the way Vite does unless asked, and writes no types unless asked', () => {
  expect(resolvePluginOptions({})).toMatchObject({ catalogUpdates: 'propagate', types: undefined });
  expect(
    resolvePluginOptions({ catalogUpdates: 'in-place', types: 'src/i18next.d.ts' }),
  ).toMatchObject({ catalogUpdates: 'in-place', types: { file: 'src/i18next.d.ts' } });
  expect(
    resolvePluginOptions({ types: { file: 'types/i18n.d.ts', defaultNS: 'app' } }).types,
  ).toEqual({ file: 'types/i18n.d.ts', defaultNS: 'app' });
});

it("names a catalog's namespace by the engine's own rule", async () => {
  // The plugin keeps its copy so that Vite loads no engine with its config; the two agree.
  const engine = await import('@transloom/core');
  for (const [file, locale] of [
    ['locales/de/common.json', 'de'],
    ['src/i18n/de-DE.json', 'de-de'],
    ['messages/pt-BR.JSON', 'pt-BR'],
    ['app.json', 'en'],
  ] as const)
    expect(defaultNamespace(file, locale)).toBe(engine.defaultNamespace(file, locale));
  expect(defaultNamespace('locales/de/common.json', 'de')).toBe('common');
  expect(defaultNamespace('src/i18n/de-DE.json', 'de-de')).toBe('translation');
});

it("decides the build's mode by the engine's own rule", async () => {
  // The plugin decides without the engine whether the catalogs wait for the build's step.
  const engine = await import('@transloom/core');
  const envs = [{}, { CI: '1' }, { CI: 'true' }, { CI: '' }, { CI: '0' }, { CI: 'false' }];
  for (const build of [undefined, 'translate', 'frozen', 'off'] as const)
    for (const env of envs)
      expect(buildModeOf({ build, env })).toBe(engine.resolveBuildMode(build, env));
  expect(buildModeOf({ build: undefined, env: { CI: '1' } })).toBe('frozen');
  expect(buildModeOf({ build: undefined, env: {} })).toBe('translate');
});
