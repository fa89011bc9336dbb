/**
 * The namespace a JSON catalog stands for (i18next resources, update events, types): its file
 * name without `.json`, or `translation` for a catalog named after its locale (`de.json`).
 */
export function defaultNamespace(file: string, locale: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/i, '');
  return name.toLowerCase() === locale.toLowerCase() ? 'translation' : name;
}
