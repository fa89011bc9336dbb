import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSiteConfig } from './read-site-config.js';
import { SITE_CONFIG_CACHE } from './site-config-cache.js';

async function project(files: Record<string, string>, state = true): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'transloom-site-config-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  if (state) await mkdir(join(root, '.transloom'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const CONFIG = '.vitepress/config.mts';

// Changes what the cache says `srcDir` is, leaving the hashes it is checked by as they were:
// a reading that then gives the changed value came from the cache.
async function tamper(root: string, from: string, to: string): Promise<void> {
  const path = join(root, SITE_CONFIG_CACHE);
  const text = await readFile(path, 'utf8');
  expect(text).toContain(`"v":"${from}"`);
  await writeFile(path, text.replace(`"v":"${from}"`, `"v":"${to}"`));
}

describe('reading a site config through the cache', () => {
  it('reads an unchanged config from the cache, with what parsing it gives', async () => {
    const root = await project({
      [CONFIG]: [
        "import { defineConfig } from 'vitepress'",
        'const nav = []',
        'export default defineConfig({',
        "  srcDir: 'src',",
        "  srcExclude: ['drafts/**'],",
        '  ...shared,',
        "  locales: { root: { label: 'English' }, de: { label: 'Deutsch', link: '/de/' } },",
        '  themeConfig: { nav, locales: { fr: {} }, title: `Site` },',
        '  markdown: { config(md) {}, attrs: { leftDelimiter: "%{" } },',
        '} satisfies object)',
      ].join('\n'),
    });
    const parsed = readSiteConfig(root, CONFIG)!;
    expect(existsSync(join(root, SITE_CONFIG_CACHE))).toBe(true);
    const cached = readSiteConfig(root, CONFIG)!;
    for (const config of [parsed, cached]) {
      expect(config.file).toBe(CONFIG);
      expect(config.get(['srcDir'])).toBe('src');
      expect(config.get(['srcExclude'])).toEqual(['drafts/**']);
      expect(config.keys(['locales'])).toEqual(['root', 'de']);
      expect(config.get(['locales', 'de'])).toEqual({ label: 'Deutsch', link: '/de/' });
      expect(config.get(['themeConfig'])).toEqual({ locales: { fr: {} }, title: 'Site' });
      expect(config.has(['themeConfig', 'nav'])).toBe(true);
      expect(config.get(['themeConfig', 'nav'])).toBeUndefined();
      expect(config.has(['markdown', 'config'])).toBe(false);
      expect(config.get(['markdown', 'attrs', 'leftDelimiter'])).toBe('%{');
      expect(config.keys(['srcDir'])).toBeUndefined();
      expect(config.has(['rewrites'])).toBe(false);
    }
    await tamper(root, 'src', 'from-the-cache');
    expect(readSiteConfig(root, CONFIG)!.get(['srcDir'])).toBe('from-the-cache');
  });

  it('reads the config again when it changes', async () => {
    const root = await project({ [CONFIG]: "export default { srcDir: 'src' }\n" });
    readSiteConfig(root, CONFIG);
    await tamper(root, 'src', 'from-the-cache');
    await writeFile(join(root, CONFIG), "export default { srcDir: 'pages' }\n");
    expect(readSiteConfig(root, CONFIG)!.get(['srcDir'])).toBe('pages');
    // And the new reading is the one cached.
    await tamper(root, 'pages', 'cached-again');
    expect(readSiteConfig(root, CONFIG)!.get(['srcDir'])).toBe('cached-again');
  });

  it('reads the config again when a module it imports changes, or an import finds another file', async () => {
    const root = await project({
      [CONFIG]: "import { shared } from './shared'\nexport default { ...shared }\n",
      '.vitepress/shared/index.ts': "export const shared = { srcDir: 'src' }\n",
    });
    expect(readSiteConfig(root, CONFIG)!.get(['srcDir'])).toBe('src');
    await tamper(root, 'src', 'from-the-cache');
    expect(readSiteConfig(root, CONFIG)!.get(['srcDir'])).toBe('from-the-cache');
    await writeFile(
      join(root, '.vitepress/shared/index.ts'),
      "export const shared = { srcDir: 'docs' }\n",
    );
    expect(readSiteConfig(root, CONFIG)!.get(['srcDir'])).toBe('docs');
    await tamper(root, 'docs', 'from-the-cache');
    // `./shared` now names shared.ts, before shared/index.ts.
    await writeFile(
      join(root, '.vitepress/shared.ts'),
      "export const shared = { srcDir: 'site' }\n",
    );
    expect(readSiteConfig(root, CONFIG)!.get(['srcDir'])).toBe('site');
  });

  it('keeps no cache without a state directory, nor in one that is a link', async () => {
    const bare = await project({ [CONFIG]: "export default { srcDir: 'src' }\n" }, false);
    expect(readSiteConfig(bare, CONFIG)!.get(['srcDir'])).toBe('src');
    expect(existsSync(join(bare, '.transloom'))).toBe(false);

    const elsewhere = await mkdtemp(join(tmpdir(), 'transloom-site-config-elsewhere-'));
    afterAll(() => rm(elsewhere, { recursive: true, force: true }));
    const linked = await project({ [CONFIG]: "export default { srcDir: 'src' }\n" }, false);
    await symlink(elsewhere, join(linked, '.transloom'));
    expect(readSiteConfig(linked, CONFIG)!.get(['srcDir'])).toBe('src');
    expect(existsSync(join(elsewhere, 'site-config.json'))).toBe(false);
  });

  it('parses again over a damaged cache', async () => {
    const root = await project({ [CONFIG]: "export default { srcDir: 'src' }\n" });
    await writeFile(join(root, SITE_CONFIG_CACHE), '{"format":1,"readings":{"');
    expect(readSiteConfig(root, CONFIG)!.get(['srcDir'])).toBe('src');
    await writeFile(
      join(root, SITE_CONFIG_CACHE),
      JSON.stringify({ format: 1, readings: { [CONFIG]: { sources: 'no', shape: {} } } }),
    );
    expect(readSiteConfig(root, CONFIG)!.get(['srcDir'])).toBe('src');
  });
});
