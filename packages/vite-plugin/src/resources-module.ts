/** The id apps import: `import resources from 'virtual:transloom/resources'`. */
export const RESOURCES_ID = 'virtual:transloom/resources';

/**
 * The id it resolves to: `\0`-prefixed, so no other plugin (a JSON transform, a file loader)
 * takes it for a file of its own.
 */
export const RESOLVED_RESOURCES_ID = `\0${RESOURCES_ID}`;

/** One catalog in the module: its file, locale and namespace. */
export interface ResourceEntry {
  /** Absolute path with `/`. */
  path: string;
  locale: string;
  namespace: string;
}

// Runs in the browser: a new version of the module (a catalog appeared or went away) fills
// the object the app already holds, so `i18next.init({ resources })` keeps seeing it.
const HOT_SUFFIX = `
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

/**
 * The code of `virtual:transloom/resources`: every catalog imported as a JSON module (so each
 * is a node of Vite's module graph and hot-updates on its own), gathered as
 * `{ locale: { namespace: catalog } }`. When two files claim one namespace, the first wins.
 */
export function resourcesModuleCode(entries: readonly ResourceEntry[]): {
  code: string;
  duplicates: ResourceEntry[];
} {
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
  const object = [...tree]
    .map(
      ([locale, namespaces]) =>
        `  ${JSON.stringify(locale)}: {${[...namespaces]
          .map(([ns, name]) => ` ${JSON.stringify(ns)}: ${name}`)
          .join(',')} }`,
    )
    .join(',\n');
  return {
    code: `${imports.join('\n')}\nconst fresh = {\n${object}\n};${HOT_SUFFIX}`,
    duplicates,
  };
}
