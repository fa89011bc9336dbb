import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrashLayout } from './crash-project.js';

/** What the target files of a generated project hold. */
export interface TargetInspection {
  /** Targets that exist but do not parse (or a page with another number of blocks than its source). */
  broken: string[];
  /** `file: key` (or `file: block N`) of each text that is not pseudo-localized: the source's English. */
  english: string[];
  /** Texts found in all targets, by locale. */
  texts: Record<string, number>;
}

// What stays as it was in a translation: placeholders, tags, character references, inline
// code, Markdown marks.
const KEPT = /\{\{[^}]*\}\}|<[^>]*>|&[a-z]+;|`[^`]*`|\*\*|^#+ /g;
// The pseudo-localizing engine accents every ASCII letter: one left is text it never saw.
const untranslated = (text: string) => /[A-Za-z]/.test(text.replace(KEPT, ''));

function strings(value: unknown, path: string, out: Array<[string, string]>): void {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      strings(inner, path ? `${path}.${key}` : key, out);
}

const blocksOf = (text: string) => text.split(/\n{2,}/).filter((b) => b.trim() !== '');

/**
 * Reads every target a run may have written: each catalog must parse as JSON, each page must
 * have its source's blocks (a page is written whole or not at all), and no text may be the
 * source's English where a translation should be.
 */
export async function inspectTargets(
  root: string,
  layout: CrashLayout,
  locales: readonly string[],
): Promise<TargetInspection> {
  const out: TargetInspection = { broken: [], english: [], texts: {} };
  for (const locale of locales) {
    out.texts[locale] = 0;
    for (const [i, target] of layout.targets(locale).entries()) {
      const text = await readFile(join(root, target), 'utf8').catch(() => undefined);
      if (text === undefined) continue;
      if (target.endsWith('.json')) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          out.broken.push(target);
          continue;
        }
        const found: Array<[string, string]> = [];
        strings(parsed, '', found);
        out.texts[locale] += found.length;
        for (const [key, value] of found)
          if (untranslated(value)) out.english.push(`${target}: ${key}`);
      } else {
        const source = await readFile(join(root, layout.sources[i]!), 'utf8');
        const blocks = blocksOf(text);
        if (blocks.length !== blocksOf(source).length) out.broken.push(target);
        out.texts[locale] += blocks.length;
        for (const [b, block] of blocks.entries())
          if (untranslated(block)) out.english.push(`${target}: block ${b + 1}`);
      }
    }
  }
  return out;
}
