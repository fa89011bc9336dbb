import { readFile } from 'node:fs/promises';
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
