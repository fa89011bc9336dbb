import { join } from 'node:path';
import { expect, it } from 'vitest';
import { testProject } from '../test-support/test-project.js';
import { createProject } from './create-project.js';

it('lists every source and target path, written or not, with each entry and its preset', async () => {
  const project = await testProject({
    'transloom.config.json': JSON.stringify({
      sourceLocale: 'en',
      targetLocales: ['de', 'ja'],
      preset: 'starlight',
      files: [
        { source: 'locales/{locale}.json' },
        { source: 'notes/*.md', target: 'notes/{locale}/{path}', locales: ['de'] },
        { source: 'empty/*.xlf', target: 'empty/{locale}/{path}' },
      ],
    }),
    'locales/en.json': '{ "a": "A" }\n',
    'locales/de.json': '{ "a": "A (de)" }\n',
    'notes/one.md': '# One\n',
    'src/content/docs/index.mdx': '# Home\n',
  });
  const engine = await createProject({ cwd: project.root, env: {} });
  const { files, sources, entries } = await engine.files();
  const at = (path: string) => files.get(join(project.root, path).replaceAll('\\', '/'));
  expect([...sources].map((s) => s.slice(project.root.length + 1)).sort()).toEqual([
    'locales/en.json',
    'notes/one.md',
    'src/content/docs/index.mdx',
  ]);
  expect(at('locales/en.json')).toMatchObject({
    kind: 'source',
    locale: 'en',
    json: true,
    entry: 0,
    preset: undefined,
  });
  // A target not written yet is listed too; an entry's own locales hold.
  expect(at('locales/ja.json')).toMatchObject({
    kind: 'target',
    locale: 'ja',
    source: 'locales/en.json',
    file: 'locales/ja.json',
  });
  expect(at('notes/de/one.md')).toMatchObject({ kind: 'target', json: false, entry: 1 });
  expect(at('notes/ja/one.md')).toBeUndefined();
  expect(at('src/content/docs/de/index.mdx')).toMatchObject({ preset: 'starlight', entry: 3 });
  expect(entries.map((e) => [e.entry.source, e.sources, e.preset])).toEqual([
    ['locales/{locale}.json', 1, undefined],
    ['notes/*.md', 1, undefined],
    ['empty/*.xlf', 0, undefined],
    ['src/content/docs/**/*.{md,mdx}', 1, 'starlight'],
  ]);
  await engine.close();
});
