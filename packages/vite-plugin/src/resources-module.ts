/** The id apps import: `import resources from 'virtual:transloom/resources'`. */
export const RESOURCES_ID = 'virtual:transloom/resources';

/**
 * The id it resolves to: `\0`-prefixed, so no other plugin (a JSON transform, a file loader)
 * takes it for a file of its own.
 */
export const RESOLVED_RESOURCES_ID = `\0${RESOURCES_ID}`;

/** One locale's catalogs: `virtual:transloom/resources/de` (a chunk of its own in a build). */
export const LOCALE_RESOURCES_PREFIX = `${RESOURCES_ID}/`;

/** A loader per locale: `import loaders from 'virtual:transloom/loaders'; await loaders.de()`. */
export const LOADERS_ID = 'virtual:transloom/loaders';

/** The resolved id of {@link LOADERS_ID}. */
export const RESOLVED_LOADERS_ID = `\0${LOADERS_ID}`;

/** One catalog in the module: its file, locale and namespace. */
export interface ResourceEntry {
  /** Absolute path with `/`. */
  path: string;
  locale: string;
  namespace: string;
}

// Runs in the browser: a new version of the module (a catalog changed, appeared or went away)
// fills the object the app already holds, so `i18next.init({ resources })` keeps seeing it.
const ALL_LOCALES_SUFFIX = `
let resources = fresh;
if (import.meta.hot) {
  const data = import.meta.hot.data;
  const own = data.resources;
  if (own && own !== fresh) {
    for (const locale of Object.keys(own)) if (!Object.hasOwn(fresh, locale)) delete own[locale];
    for (const [locale, namespaces] of Object.entries(fresh)) {
      const mine = (own[locale] ??= {});
      for (const ns of Object.keys(mine)) if (!Object.hasOwn(namespaces, ns)) delete mine[ns];
      Object.assign(mine, namespaces);
    }
    resources = own;
  } else {
    data.resources = fresh;
  }
  import.meta.hot.accept();
}
export default resources;
`;

// The same for one locale's module, one level down: `{ namespace: catalog }`.
const ONE_LOCALE_SUFFIX = `
let resources = fresh;
if (import.meta.hot) {
  const data = import.meta.hot.data;
  const own = data.resources;
  if (own && own !== fresh) {
    for (const ns of Object.keys(own)) if (!Object.hasOwn(fresh, ns)) delete own[ns];
    Object.assign(own, fresh);
    resources = own;
  } else {
    data.resources = fresh;
  }
  import.meta.hot.accept();
}
export default resources;
`;

/** The catalogs of a module by locale and namespace, each with its import binding. */
function gather(entries: readonly ResourceEntry[]) {
  const imports: string[] = [];
  const tree = new Map<string, Map<string, string>>();
  const duplicates: ResourceEntry[] = [];
  for (const entry of entries) {
    let namespaces = tree.get(entry.locale);
    if (!namespaces) {
      namespaces = new Map();
      tree.set(entry.locale, namespaces);
    }
    if (namespaces.has(entry.namespace)) {
      duplicates.push(entry);
      continue;
    }
    const name = `catalog${imports.length}`;
    imports.push(`import ${name} from ${JSON.stringify(entry.path)};`);
    namespaces.set(entry.namespace, name);
  }
  return { imports, tree, duplicates };
}

const objectOf = (namespaces: ReadonlyMap<string, string>) =>
  `{${[...namespaces].map(([ns, name]) => ` ${JSON.stringify(ns)}: ${name}`).join(',')} }`;

/**
 * The code of `virtual:transloom/resources`: every catalog imported as a JSON module (so each
 * is a node of Vite's module graph and hot-updates on its own), gathered as
 * `{ locale: { namespace: catalog } }`. When two files claim one namespace, the first wins.
 */
export function resourcesModuleCode(entries: readonly ResourceEntry[]): {
  code: string;
  duplicates: ResourceEntry[];
} {
  const { imports, tree, duplicates } = gather(entries);
  const object = [...tree]
    .map(([locale, namespaces]) => `  ${JSON.stringify(locale)}: ${objectOf(namespaces)}`)
    .join(',\n');
  return {
    code: `${imports.join('\n')}\nconst fresh = {\n${object}\n};${ALL_LOCALES_SUFFIX}`,
    duplicates,
  };
}

/**
 * The code of `virtual:transloom/resources/<locale>`: that locale's catalogs only,
 * `{ namespace: catalog }` (empty while none is written), hot-updated in place.
 */
export function localeResourcesCode(locale: string, entries: readonly ResourceEntry[]): string {
  const { imports, tree } = gather(entries.filter((e) => e.locale === locale));
  return `${imports.join('\n')}\nconst fresh = ${objectOf(tree.get(locale) ?? new Map())};${ONE_LOCALE_SUFFIX}`;
}

/**
 * The code of `virtual:transloom/loaders`: one function per locale that imports that locale's
 * module on demand, so a build puts each locale in a chunk of its own and a page loads only
 * the languages it shows.
 */
export function loadersModuleCode(locales: readonly string[]): string {
  const loaders = locales.map(
    (locale) =>
      `  ${JSON.stringify(locale)}: () => import(${JSON.stringify(`${LOCALE_RESOURCES_PREFIX}${locale}`)}).then((m) => m.default)`,
  );
  return `export const locales = ${JSON.stringify(locales)};\nexport default {\n${loaders.join(',\n')}\n};\n`;
}
