import type { DocsGenerator } from '../formats/markdown/docs-generators.js';

/** A language's own name for itself (`Deutsch`, `日本語`), as a site's language menu shows it. */
export function languageLabel(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** What a site's config says of its locales, for {@link missingLocalesNote}. */
export interface DeclaredLocales {
  generator: DocsGenerator;
  /** The config file, relative to the project root. */
  file: string;
  /** The locales it declares (VitePress and Starlight: the `locales` keys, `root` included). */
  declared: readonly string[] | undefined;
  sourceLocale: string;
  targetLocales: readonly string[];
  /** Where the source locale's pages are served from: '' for the root locale, `/en` else. */
  sourcePrefix: string;
}

/**
 * The note that the site's own config does not declare some target locales, with the lines to
 * add; undefined when it declares them all. Without them the generator does not build those
 * pages as a locale: Docusaurus does not build it at all, VitePress and Starlight build the
 * pages into the default locale (one search index and one menu for all languages).
 */
export function missingLocalesNote(site: DeclaredLocales): string | undefined {
  const declared = new Set(site.declared ?? []);
  const missing = site.targetLocales.filter((l) => !declared.has(l));
  if (missing.length === 0) return undefined;
  const names = missing.join(', ');
  const source = site.sourceLocale;
  const where = (list: string) =>
    site.declared === undefined ? `has no ${list}` : `does not declare ${names} in ${list}`;
  if (site.generator === 'docusaurus') {
    const all = [...new Set([source, ...(site.declared ?? []), ...site.targetLocales])];
    return [
      `${site.file} ${where('i18n.locales')}: Docusaurus does not build ${missing.length === 1 ? 'that locale' : 'those locales'}. Set:`,
      `  i18n: { defaultLocale: ${quote(source)}, locales: [${all.map(quote).join(', ')}] },`,
    ].join('\n');
  }
  const link = site.generator === 'vitepress';
  const entry = (locale: string) =>
    `    ${/^[A-Za-z_$][\w$]*$/.test(locale) ? locale : quote(locale)}: { label: ${quote(languageLabel(locale))}, lang: ${quote(locale)}${link ? `, link: ${quote(`/${locale}/`)}` : ''} },`;
  const what =
    site.generator === 'vitepress'
      ? 'VitePress builds their pages into the root locale (one search index and one menu for every language)'
      : 'Starlight serves their pages as pages of the default locale';
  const lines = [`${site.file} ${where('locales')}: ${what}. Add:`];
  if (site.declared === undefined) {
    const root = site.sourcePrefix === '' ? 'root' : source;
    lines.push(
      '  locales: {',
      `    ${root}: { label: ${quote(languageLabel(source))}, lang: ${quote(source)} },`,
      ...missing.map(entry),
      '  },',
    );
    if (site.generator === 'starlight' && root !== 'root')
      lines.push(`  defaultLocale: ${quote(source)},`);
  } else {
    lines.push(...missing.map(entry));
  }
  if (site.generator === 'starlight')
    lines[0] = lines[0]!.replace('Add:', 'Add to starlight({ ... }):');
  return lines.join('\n');
}
