import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadConfig } from '@transloom/core/config';
import { expandFiles } from '@transloom/core/pipeline';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { memoryIo } from '../test-support/memory-io.js';

async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'transloom-init-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

describe('transloom init', () => {
  it.each([
    [
      'i18next in public/locales',
      {
        'public/locales/en/common.json': '{}',
        'public/locales/de/common.json': '{}',
        'public/locales/fr/common.json': '{}',
      },
      {
        sourceLocale: 'en',
        targetLocales: ['de', 'fr'],
        sources: ['public/locales/en/common.json'],
      },
    ],
    [
      'next-intl messages',
      { 'messages/en.json': '{}', 'messages/ja.json': '{}' },
      { sourceLocale: 'en', targetLocales: ['ja'], sources: ['messages/en.json'] },
    ],
    [
      'Angular XLIFF',
      { 'src/locale/messages.xlf': '<xliff version="1.2"/>', 'src/locale/messages.pl.xlf': '' },
      { sourceLocale: 'en', targetLocales: ['pl'], sources: ['src/locale/messages.xlf'] },
    ],
    [
      'Symfony XLIFF',
      {
        'translations/messages.en.xlf': '',
        'translations/validators.en.xlf': '',
        'translations/messages.de.xlf': '',
      },
      {
        sourceLocale: 'en',
        targetLocales: ['de'],
        sources: ['translations/messages.en.xlf', 'translations/validators.en.xlf'],
      },
    ],
  ])('writes a working configuration for %s', async (_name, files, expected) => {
    const root = await project(files);
    const io = memoryIo(root);
    expect(await runCli(['init'], io)).toBe(0);
    expect(io.stdout.text).toMatch(/^wrote transloom\.config\.mjs for /);
    const text = await readFile(join(root, 'transloom.config.mjs'), 'utf8');
    expect(text).toMatch(/^\/\/ Transloom configuration/);
    const config = await loadConfig({ cwd: root });
    expect(config).toMatchObject({
      sourceLocale: expected.sourceLocale,
      targetLocales: expected.targetLocales,
    });
    expect((await expandFiles(config)).map((f) => f.source).sort()).toEqual(expected.sources);
  });

  it('names a docs site by its preset', async () => {
    const root = await project({
      'docusaurus.config.ts': 'export default {}',
      'docs/intro.md': '# Hi',
    });
    expect(await runCli(['init', '--target', 'de', '--target', 'ja'], memoryIo(root))).toBe(0);
    const text = await readFile(join(root, 'transloom.config.mjs'), 'utf8');
    expect(text).toContain("preset: 'docusaurus',");
    expect(text).toContain("targetLocales: ['de', 'ja'],");
  });

  it('never overwrites a configuration, and says when it finds nothing it knows', async () => {
    const root = await project({ 'messages/en.json': '{}', '.transloomrc.json': '{"keep":true}' });
    const io = memoryIo(root);
    expect(await runCli(['init'], io)).toBe(2);
    expect(io.stderr.text).toContain('.transloomrc.json already configures Transloom');
    expect(await readFile(join(root, '.transloomrc.json'), 'utf8')).toBe('{"keep":true}');
    const empty = await project({ 'README.md': '' });
    const none = memoryIo(empty);
    expect(await runCli(['init'], none)).toBe(2);
    expect(none.stderr.text).toContain('found no localization files Transloom knows');
  });
});
