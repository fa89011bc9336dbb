import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/** A temporary project with `files` (path -> text), removed after the file's tests. */
export async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'transloom-init-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

/** A JSON catalog with `n` keys. */
export const catalog = (n: number, prefix = 'Text') =>
  JSON.stringify(
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, `${prefix} ${i}`])),
  );

/** An XLIFF 1.2 file with `units` units (a translation of it when `target` is given). */
export const xliff = (units: number, target?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" ${target ? `target-language="${target}" ` : ''}datatype="plaintext" original="ng2.template">
    <body>
${Array.from({ length: units }, (_, i) => `      <trans-unit id="u${i}" datatype="html"><source>Message ${i}</source></trans-unit>`).join('\n')}
    </body>
  </file>
</xliff>
`;

/** The real layouts `init` must find, each with the sources and targets the config must give. */
export const LAYOUTS: Array<{
  name: string;
  files: Record<string, string>;
  sourceLocale: string;
  targetLocales: string[];
  expected: Record<string, Record<string, string>>;
}> = [
  {
    name: 'one ICU catalog per locale in src/translations (a home-automation frontend)',
    files: {
      'package.json': '{"name":"frontend","dependencies":{"lit":"3"}}',
      'tsconfig.json': '{"compilerOptions":{"strict":true}}',
      'src/translations/en.json': JSON.stringify({
        ui: {
          panel: { title: 'Overview', count: '{count, plural, one {# light} other {# lights}}' },
        },
      }),
      'src/translations/de.json': JSON.stringify({ ui: { panel: { title: 'Übersicht' } } }),
      'src/translations/ru.json': JSON.stringify({ ui: { panel: { title: 'Обзор' } } }),
      'src/translations/translationMetadata.json': '{"fragments":[]}',
    },
    sourceLocale: 'en',
    targetLocales: ['de', 'ru'],
    expected: {
      'src/translations/en.json': {
        de: 'src/translations/de.json',
        ru: 'src/translations/ru.json',
      },
    },
  },
  {
    name: 'region codes in public/intl/messages (a web-analytics app)',
    files: {
      'public/intl/messages/en-US.json': catalog(12),
      'public/intl/messages/de-DE.json': catalog(10, 'Text de'),
      'public/intl/messages/pt-BR.json': catalog(9, 'Texto'),
      'public/intl/messages/en-GB.json': catalog(12),
      // Country names per locale: a smaller set beside the messages.
      'public/intl/country/en-US.json': catalog(5),
      'public/intl/country/de-DE.json': catalog(5),
      'src/lang.json': '["en-US","de-DE"]',
    },
    sourceLocale: 'en-US',
    targetLocales: ['de-DE', 'en-GB', 'pt-BR'],
    expected: {
      'public/intl/messages/en-US.json': {
        'de-DE': 'public/intl/messages/de-DE.json',
        'en-GB': 'public/intl/messages/en-GB.json',
        'pt-BR': 'public/intl/messages/pt-BR.json',
      },
    },
  },
  {
    name: "en.json beside de-DE.json in a monorepo package (a drawing app's i18next catalogs)",
    files: {
      'package.json': '{"private":true,"workspaces":["packages/*"]}',
      'packages/excalidraw/package.json': '{"name":"@x/excalidraw"}',
      'packages/excalidraw/locales/en.json': JSON.stringify({
        labels: { copy: 'Copy', paste: 'Paste {{what}}' },
      }),
      'packages/excalidraw/locales/de-DE.json': JSON.stringify({ labels: { copy: 'Kopieren' } }),
      'packages/excalidraw/locales/kab-KAB.json': JSON.stringify({ labels: { copy: 'Nɣel' } }),
      'packages/excalidraw/locales/percentages.json': '{"de-DE":50}',
      'packages/excalidraw/locales/README.md': '# Locales',
    },
    sourceLocale: 'en',
    // Kabyle is left out: the service does not translate into it.
    targetLocales: ['de-DE'],
    expected: {
      'packages/excalidraw/locales/en.json': { 'de-DE': 'packages/excalidraw/locales/de-DE.json' },
    },
  },
  {
    name: 'Nx XLIFF named by project.json i18n',
    files: {
      'nx.json': '{}',
      'apps/client/project.json': JSON.stringify({
        name: 'client',
        sourceRoot: 'apps/client/src',
        i18n: {
          sourceLocale: 'en',
          locales: {
            de: 'apps/client/src/locales/messages.de.xlf',
            fr: { translation: ['apps/client/src/locales/messages.fr.xlf'], baseHref: '/fr/' },
          },
        },
        targets: { 'extract-i18n': { options: { outputPath: 'src/locales' } } },
      }),
      'apps/client/src/locales/messages.xlf': xliff(3),
      'apps/client/src/locales/messages.de.xlf': xliff(1, 'de'),
      'apps/client/src/locales/messages.fr.xlf': xliff(1, 'fr'),
    },
    sourceLocale: 'en',
    targetLocales: ['de', 'fr'],
    expected: {
      'apps/client/src/locales/messages.xlf': {
        de: 'apps/client/src/locales/messages.de.xlf',
        fr: 'apps/client/src/locales/messages.fr.xlf',
      },
    },
  },
  {
    name: 'Angular XLIFF named by angular.json i18n, a target outside the pattern',
    files: {
      'angular.json': JSON.stringify({
        version: 1,
        projects: {
          shop: {
            root: '',
            i18n: {
              sourceLocale: { code: 'en-US', baseHref: '/' },
              locales: {
                'de-CH': 'src/locale/messages.de-CH.xlf',
                ja: { translation: 'src/locale/ja/messages.xlf' },
              },
            },
            architect: { 'extract-i18n': { options: { outputPath: 'src/locale' } } },
          },
        },
      }),
      'src/locale/messages.xlf': xliff(2),
      'src/locale/messages.de-CH.xlf': xliff(1, 'de-CH'),
      'src/locale/ja/messages.xlf': xliff(1, 'ja'),
    },
    sourceLocale: 'en-US',
    targetLocales: ['de-CH', 'ja'],
    expected: {
      'src/locale/messages.xlf': {
        'de-CH': 'src/locale/messages.de-CH.xlf',
        ja: 'src/locale/ja/messages.xlf',
      },
    },
  },
  {
    name: 'an Angular workspace with two projects (an entry each, for the locales it lists)',
    files: {
      'angular.json': JSON.stringify({
        projects: {
          admin: {
            root: 'projects/admin',
            i18n: {
              sourceLocale: 'en',
              locales: { de: 'projects/admin/src/locale/messages.de.xlf' },
            },
          },
          shop: {
            root: 'projects/shop',
            i18n: {
              sourceLocale: 'en',
              locales: { fr: 'projects/shop/src/locale/messages.fr.xlf' },
            },
          },
        },
      }),
      'projects/admin/src/locale/messages.xlf': xliff(2),
      'projects/admin/src/locale/messages.de.xlf': xliff(1, 'de'),
      'projects/shop/src/locale/messages.xlf': xliff(3),
      'projects/shop/src/locale/messages.fr.xlf': xliff(1, 'fr'),
    },
    sourceLocale: 'en',
    targetLocales: ['de', 'fr'],
    expected: {
      'projects/admin/src/locale/messages.xlf': { de: 'projects/admin/src/locale/messages.de.xlf' },
      'projects/shop/src/locale/messages.xlf': { fr: 'projects/shop/src/locale/messages.fr.xlf' },
    },
  },
  {
    name: 'i18next in public/locales',
    files: {
      'public/locales/en/common.json': catalog(2),
      'public/locales/en/admin/users.json': catalog(2),
      'public/locales/de/common.json': '{}',
      'public/locales/fr/common.json': '{}',
    },
    sourceLocale: 'en',
    targetLocales: ['de', 'fr'],
    expected: {
      'public/locales/en/admin/users.json': {
        de: 'public/locales/de/admin/users.json',
        fr: 'public/locales/fr/admin/users.json',
      },
      'public/locales/en/common.json': {
        de: 'public/locales/de/common.json',
        fr: 'public/locales/fr/common.json',
      },
    },
  },
  {
    name: 'next-intl messages',
    files: { 'messages/en.json': catalog(2), 'messages/ja.json': '{}', 'i18n.json': '{}' },
    sourceLocale: 'en',
    targetLocales: ['ja'],
    expected: { 'messages/en.json': { ja: 'messages/ja.json' } },
  },
  {
    name: 'Angular XLIFF without a workspace file',
    files: { 'src/locale/messages.xlf': xliff(2), 'src/locale/messages.pl.xlf': xliff(1, 'pl') },
    sourceLocale: 'en',
    targetLocales: ['pl'],
    expected: { 'src/locale/messages.xlf': { pl: 'src/locale/messages.pl.xlf' } },
  },
  {
    name: 'Symfony XLIFF',
    files: {
      'translations/messages.en.xlf': xliff(2),
      'translations/validators.en.xlf': xliff(1),
      'translations/messages.de.xlf': xliff(1, 'de'),
      'vendor/symfony/validator/Resources/translations/validators.de.xlf': xliff(40),
      'vendor/symfony/validator/Resources/translations/validators.en.xlf': xliff(40),
    },
    sourceLocale: 'en',
    targetLocales: ['de'],
    expected: {
      'translations/messages.en.xlf': { de: 'translations/messages.de.xlf' },
      'translations/validators.en.xlf': { de: 'translations/validators.de.xlf' },
    },
  },
  {
    name: 'locales spelled with underscores (pt_BR.json for pt-BR)',
    files: {
      'src/i18n/en.json': catalog(3),
      'src/i18n/de.json': catalog(1),
      'src/i18n/pt_BR.json': catalog(1),
    },
    sourceLocale: 'en',
    targetLocales: ['de', 'pt-BR'],
    expected: { 'src/i18n/en.json': { de: 'src/i18n/de.json', 'pt-BR': 'src/i18n/pt_BR.json' } },
  },
  {
    name: 'a folder per locale, every one spelled with an underscore',
    files: {
      'lang/en_US/app.json': catalog(3),
      'lang/de_DE/app.json': catalog(1),
      'lang/zh_Hant_TW/app.json': catalog(1),
    },
    sourceLocale: 'en-US',
    targetLocales: ['de-DE', 'zh-Hant-TW'],
    expected: {
      'lang/en_US/app.json': {
        'de-DE': 'lang/de_DE/app.json',
        'zh-Hant-TW': 'lang/zh_Hant_TW/app.json',
      },
    },
  },
  {
    name: 'the same layout in several monorepo packages (one glob entry)',
    files: {
      'packages/app/locales/en.json': catalog(4),
      'packages/app/locales/de.json': catalog(1),
      'packages/ui/locales/en.json': catalog(3),
      'packages/ui/locales/de.json': catalog(1),
      'packages/ui/locales/fr.json': catalog(1),
    },
    sourceLocale: 'en',
    targetLocales: ['de', 'fr'],
    expected: {
      'packages/app/locales/en.json': {
        de: 'packages/app/locales/de.json',
        fr: 'packages/app/locales/fr.json',
      },
      'packages/ui/locales/en.json': {
        de: 'packages/ui/locales/de.json',
        fr: 'packages/ui/locales/fr.json',
      },
    },
  },
];
