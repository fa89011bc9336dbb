import { readFile } from 'node:fs/promises';
import { TransloomError } from '@transloom/client/errors';
import { expect, it } from 'vitest';
import * as client from './client.js';
import * as plugin from './index.js';

it('exports exactly the public API of each entry', () => {
  expect({
    '.': Object.keys(plugin).sort(),
    './client': Object.keys(client).sort(),
  }).toEqual({
    '.': [
      'PluginOptionsError',
      'RESOLVED_EVENT',
      'RESOLVED_RESOURCES_ID',
      'RESOURCES_ID',
      'UPDATE_EVENT',
      'default',
      'defaultNamespace',
      'transloom',
    ],
    './client': ['hotReloadI18next', 'onTransloomUpdate'],
  });
  expect(plugin.default).toBe(plugin.transloom);
});

// Every module an entry imports or re-exports statically (type-only ones aside), followed to the
// end, and the packages they import.
async function staticGraph(entry: string) {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = await readFile(new URL(file, import.meta.url), 'utf8');
    for (const [, specifier] of text.matchAll(
      /^(?:import|export) (?!type )[^;]*?from '([^']+)';/gms,
    )) {
      if (specifier!.startsWith('./')) await visit(specifier!.replace(/\.js$/, '.ts'));
      else packages.add(specifier!);
    }
  };
  await visit(entry);
  return { seen, packages };
}

it('loads nothing but its hooks when Vite loads its config: the rest is imported on demand', async () => {
  const { seen, packages } = await staticGraph('./index.ts');
  expect(seen.size).toBeGreaterThan(5);
  // Node's own modules and the client's light entries only (its errors, and the language tables
  // the options are checked against, without the rest of the wire codecs): the engine, the
  // server and the dev session's libraries come later.
  expect([...packages].filter((p) => !p.startsWith('node:'))).toEqual([
    '@transloom/client/errors',
    '@transloom/client/languages',
  ]);
  expect([...seen].filter((f) => /dev-session|build-step/.test(f))).toEqual([]);
});

it('gives the browser helper the event names without any package, Node modules included', async () => {
  const { seen, packages } = await staticGraph('./client.ts');
  expect([...seen]).toEqual(['./client.ts', './update-events.ts']);
  expect([...packages]).toEqual([]);
});

it('is one file when Vite loads the built plugin with its config: no package, no chunk of the engine', async () => {
  // The built entry (the test command builds first) and what it imports statically.
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = async (url: URL) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    const text = await readFile(url, 'utf8');
    for (const [, specifier] of text.matchAll(/^(?:import|export)\b[^;'"]*?["']([^"']+)["'];/gms)) {
      if (specifier!.startsWith('./')) await visit(new URL(specifier!, url));
      else packages.add(specifier!);
    }
  };
  const entry = new URL('../dist/index.js', import.meta.url);
  await visit(entry);
  expect([...packages].filter((p) => !p.startsWith('node:'))).toEqual([]);
  expect(seen.size).toBe(1);
  // Its copy of the client's base error is still the installed one to `instanceof`.
  const built = (await import(entry.href)) as typeof plugin;
  let error: unknown;
  try {
    built.transloom({ pseudoLocale: 'not a locale' });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(built.PluginOptionsError);
  expect(error).toBeInstanceOf(TransloomError);
  expect(error).toMatchObject({ code: 'TRANSLOOM_VITE_OPTIONS', kind: 'user' });
});
