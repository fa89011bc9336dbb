import type { StyleRuleList, TranslateOptions, TransloomClient } from '@transloom/client';
import { TransloomError } from '@transloom/client/errors';
import { baseLanguage } from '@transloom/client/wire';
import type { LocaleSettings } from './locale-settings.js';

/** A setting the service cannot use as configured (a style list that does not exist or does not fit). */
export class RunConfigError extends TransloomError {
  override readonly name = 'RunConfigError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_RUN_CONFIG', message, { ...options, kind: 'user' });
  }
}

async function findStyles(
  client: TransloomClient,
  wanted: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<Map<string, StyleRuleList>> {
  const found = new Map<string, StyleRuleList>();
  const byName = new Map<string, StyleRuleList[]>();
  for await (const list of client.styleRules.all({ ...(signal ? { signal } : {}) })) {
    if (wanted.has(list.styleId)) found.set(list.styleId, list);
    const same = byName.get(list.name) ?? [];
    same.push(list);
    byName.set(list.name, same);
  }
  for (const value of wanted) {
    if (found.has(value)) continue;
    const named = byName.get(value) ?? [];
    if (named.length > 1) {
      throw new RunConfigError(
        `style '${value}': ${named.length} style rule lists have that name; give its id (${named.map((s) => s.styleId).join(', ')})`,
      );
    }
    if (named.length === 0) {
      const names = [...byName.keys()];
      throw new RunConfigError(
        `style '${value}': no style rule list has that name or id${names.length ? `; the service has: ${names.join(', ')}` : ''}`,
      );
    }
    found.set(value, named[0]!);
  }
  return found;
}

/**
 * The request options of each locale: language codes, formality where the target has it,
 * the glossary, the style list (found by name or id, its language checked against the
 * target), custom instructions and model type. Segments travel as XML (`tag_handling=xml`).
 */
export async function resolveRequestOptions(
  client: TransloomClient,
  locales: readonly LocaleSettings[],
  glossaryId: string | undefined,
  signal?: AbortSignal,
): Promise<Map<string, TranslateOptions>> {
  const wanted = new Set(locales.flatMap((l) => (l.settings.style ? [l.settings.style] : [])));
  const styles =
    wanted.size > 0 ? await findStyles(client, wanted, signal) : new Map<string, StyleRuleList>();
  const out = new Map<string, TranslateOptions>();
  for (const locale of locales) {
    const options: TranslateOptions = {
      sourceLang: locale.sourceLang,
      targetLang: locale.targetLang,
      tagHandling: 'xml',
      preserveFormatting: true,
    };
    if (locale.formality) options.formality = locale.formality;
    if (glossaryId && locale.hasGlossary) options.glossaryId = glossaryId;
    const style = locale.settings.style ? styles.get(locale.settings.style) : undefined;
    if (style) {
      if (baseLanguage(style.language) !== baseLanguage(locale.targetLang)) {
        throw new RunConfigError(
          `style '${locale.settings.style}' is for ${style.language}, but it is set for '${locale.locale}'`,
        );
      }
      options.styleId = style.styleId;
    }
    if (locale.settings.customInstructions.length > 0)
      options.customInstructions = locale.settings.customInstructions;
    if (locale.settings.modelType) options.modelType = locale.settings.modelType;
    out.set(locale.locale, options);
  }
  return out;
}
