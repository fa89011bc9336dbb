/** How one group of catalogs becomes `files` entries of the configuration. */
export interface EntryPlan {
  /** `source` of the entry for every locale the template fits (may hold `{locale}`). */
  source: string;
  /** Its `target` template; absent when the `{locale}` in `source` already gives each target. */
  target?: string;
  /** `source` with the source locale written out, for the entries of the locales in `own`. */
  literalSource: string;
  /** Target locales whose files the template misses (`pt_BR.json` for `pt-BR`): their own target. */
  own: Readonly<Record<string, string>>;
  /** The only target locales of this plan (an Angular project builds the locales it lists). */
  locales?: readonly string[];
}

/** A `files` entry as `transloom init` writes it. */
export interface InitFileEntry {
  source: string;
  target?: string;
  locales?: string[];
}

// Characters that make a path segment a glob pattern (as core's `staticBase` reads them).
const GLOB = /[*?[\]{}()!]/;
const hasGlob = (part: string) => GLOB.test(part.replaceAll('{locale}', ''));

/**
 * The target template of `pattern` for a locale spelled `spelling`: the pattern itself when it
 * names one file, else its fixed folders followed by `{path}` (what the source glob matched
 * below them); undefined when the locale stands after a wildcard, where `{path}` cannot reach.
 */
export function targetTemplate(pattern: string, spelling: string): string | undefined {
  if (!hasGlob(pattern)) return pattern.replaceAll('{locale}', spelling);
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts.slice(0, -1)) {
    if (hasGlob(part)) break;
    fixed.push(part);
  }
  if (parts.slice(fixed.length).some((p) => p.includes('{locale}'))) return undefined;
  return `${fixed.map((p) => p.replaceAll('{locale}', spelling)).join('/')}/{path}`;
}

/**
 * The plan of catalogs that differ only in how their path spells the locale: `spellings` maps
 * each locale code (the source's too) to its spelling in the path. One entry with `{locale}`
 * covers every locale spelled as its code; the others (`pt_BR` for `pt-BR`, which a
 * configuration cannot name) get an entry each. Undefined when such a spelling stands after a
 * wildcard, where no template can reach it.
 */
export function spelledPlan(
  pattern: string,
  spellings: ReadonlyMap<string, string>,
  sourceLocale: string,
): EntryPlan | undefined {
  const sourceSpelling = spellings.get(sourceLocale) ?? sourceLocale;
  const literalSource = pattern.replaceAll('{locale}', sourceSpelling);
  const own: Record<string, string> = {};
  for (const [code, spelling] of spellings) {
    if (code === sourceLocale || spelling === code) continue;
    const target = targetTemplate(pattern, spelling);
    if (target === undefined) return undefined;
    own[code] = target;
  }
  if (sourceSpelling === sourceLocale) return { source: pattern, literalSource, own };
  const target = targetTemplate(pattern, '{locale}');
  return target === undefined ? undefined : { source: literalSource, target, literalSource, own };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// `path` with the last whole-name occurrence of `code` (between `/`, `.`, `_`, `-` or the
// ends) replaced by `{locale}`, or undefined when the path does not spell it.
function templateOf(path: string, code: string): string | undefined {
  const matches = [
    ...path.matchAll(new RegExp(`(^|[/._-])${escapeRegExp(code)}(?=[/._-]|$)`, 'g')),
  ];
  const last = matches.at(-1);
  if (!last) return undefined;
  const at = last.index + last[1]!.length;
  return `${path.slice(0, at)}{locale}${path.slice(at + code.length)}`;
}

/**
 * The plan of one source file whose targets are listed path by path (Angular's `i18n.locales`,
 * `messages.xlf` beside `messages.de.xlf`): the template that reproduces the most of them,
 * and an entry of its own for each path it misses. `fallback` is the template for a project
 * that lists no target yet.
 */
export function listedPlan(
  source: string,
  targets: ReadonlyMap<string, string>,
  fallback: string,
): EntryPlan {
  const fits = (template: string) =>
    [...targets].filter(([code, path]) => template.replaceAll('{locale}', code) === path).length;
  let best = fallback;
  let bestFits = fits(fallback);
  for (const [code, path] of targets) {
    const template = templateOf(path, code);
    if (template !== undefined && fits(template) > bestFits) {
      best = template;
      bestFits = fits(template);
    }
  }
  const own: Record<string, string> = {};
  for (const [code, path] of targets)
    if (best.replaceAll('{locale}', code) !== path) own[code] = path;
  return { source, target: best, literalSource: source, own };
}

/**
 * The configuration's `files` for `targets`: per plan one entry for the locales its template
 * fits (restricted by `locales` only when some locale needs an entry of its own, or the plan
 * is for fewer locales than the project), then one per locale that does. `asked`: the targets
 * are the user's, for every plan.
 */
export function fileEntries(
  plans: readonly EntryPlan[],
  targets: readonly string[],
  asked = false,
): InitFileEntry[] {
  const entries: InitFileEntry[] = [];
  for (const plan of plans) {
    const mine =
      plan.locales && !asked ? targets.filter((l) => plan.locales!.includes(l)) : targets;
    if (mine.length === 0) continue;
    const own = mine.filter((l) => plan.own[l] !== undefined);
    const rest = mine.filter((l) => plan.own[l] === undefined);
    if (rest.length > 0 || own.length === 0) {
      entries.push({
        source: plan.source,
        ...(plan.target !== undefined ? { target: plan.target } : {}),
        ...(own.length > 0 || mine.length < targets.length ? { locales: rest } : {}),
      });
    }
    for (const locale of own)
      entries.push({ source: plan.literalSource, target: plan.own[locale]!, locales: [locale] });
  }
  return entries;
}
