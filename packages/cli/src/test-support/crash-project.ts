import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seededRandom } from './seeded-random.js';

/** The shape of a generated project. */
export interface CrashProjectOptions {
  /** Units in all (catalog keys and plural groups, Markdown blocks), spread evenly over the files. */
  units: number;
  /** Files in all; `docs` of them are Markdown pages, the rest i18next JSON catalogs. */
  files: number;
  docs: number;
  locales: readonly string[];
  /** 0 for the first version of every string; each later round changes every one of them. */
  round?: number;
  /** `translationMemory: false` in the configuration. */
  noMemory?: boolean;
}

/** Where a generated project's files are. */
export interface CrashLayout {
  /** Source files, relative to the root. */
  sources: string[];
  /** Target files of `locale`, relative to the root, in the order of `sources`. */
  targets(locale: string): string[];
  /** Whether a path (relative, `/`) is one the project has or a run should write. */
  expected(path: string): boolean;
}

const WORDS =
  'project translation file change review release build team locale string update branch commit version support message user account setting page document guide server client request window button error value option feature'.split(
    ' ',
  );
const ROUND_WORDS = ['now', 'again', 'later', 'today', 'soon', 'here'];

/** The layout of a project made with `options` (what {@link writeCrashProject} writes). */
export function crashLayout(options: CrashProjectOptions): CrashLayout {
  const catalogs = options.files - options.docs;
  const sources = [
    ...Array.from({ length: catalogs }, (_, f) => `locales/en/ns${f}.json`),
    ...Array.from({ length: options.docs }, (_, d) => `docs/page${d}.md`),
  ];
  const targets = (locale: string) =>
    sources.map((s) =>
      s.startsWith('docs/')
        ? s.replace(/^docs\//, `i18n/${locale}/`)
        : s.replace('/en/', `/${locale}/`),
    );
  const known = new Set([
    ...sources,
    ...options.locales.flatMap(targets),
    'transloom.config.json',
    'transloom.lock',
    // Written with the first lock: git merges the lock by taking both sides' lines.
    '.gitattributes',
  ]);
  return { sources, targets, expected: (path) => known.has(path) };
}

/**
 * Writes the sources and configuration of a generated project into `root`: i18next catalogs
 * (a key in ten with `{{name}}`, one in eleven with a `<1>` tag, one in twenty-five a plural
 * group) and Markdown pages (headings, paragraphs with bold text and inline code), a string
 * in ten repeating an earlier one. Round `n` changes every string of round 0 (a word added),
 * as a rewrite of the whole source would. Made in memory and written file by file.
 */
export async function writeCrashProject(
  root: string,
  options: CrashProjectOptions,
): Promise<CrashLayout> {
  const layout = crashLayout(options);
  // The same corpus on every run, so a failure reproduces.
  const random = seededRandom(20_260_101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const round = options.round ?? 0;
  const tail = round === 0 ? '' : ` ${ROUND_WORDS[(round - 1) % ROUND_WORDS.length]}`;
  const sentence = (n: number, i: number) => {
    const words = Array.from({ length: n }, () => pick(WORDS));
    words[0] = words[0]![0]!.toUpperCase() + words[0]!.slice(1);
    return `${words.join(' ')} ${i}${tail}`;
  };
  // Repeats stay within their kind: a catalog's markup is not a page's.
  const pool = () => {
    const seen: string[] = [];
    return (make: () => string) => {
      if (seen.length > 20 && random() < 0.1) return pick(seen);
      const made = make();
      seen.push(made);
      return made;
    };
  };
  const [catalogText, pageText] = [pool(), pool()];
  const perFile = Math.floor(options.units / options.files);
  let n = 0;
  for (const [f, source] of layout.sources.entries()) {
    const count = f === layout.sources.length - 1 ? options.units - n : perFile;
    const body = source.endsWith('.md')
      ? page(count, () => n++, sentence, pageText)
      : catalog(count, () => n++, sentence, catalogText, pick);
    await mkdir(join(root, source, '..'), { recursive: true });
    await writeFile(join(root, source), body);
  }
  await writeFile(
    join(root, 'transloom.config.json'),
    `${JSON.stringify(
      {
        sourceLocale: 'en',
        targetLocales: options.locales,
        files: [
          { source: 'locales/{locale}/*.json' },
          { source: 'docs/*.md', target: 'i18n/{locale}/{path}' },
        ],
        ...(options.noMemory ? { translationMemory: false } : {}),
      },
      null,
      2,
    )}\n`,
  );
  return layout;
}

type Sentence = (words: number, index: number) => string;
type Text = (make: () => string) => string;

function catalog(
  count: number,
  next: () => number,
  sentence: Sentence,
  text: Text,
  pick: <T>(list: readonly T[]) => T,
): string {
  const sections: Record<string, Record<string, string>> = {};
  for (let k = 0; k < count; k++) {
    const i = next();
    sections[`section${k % 10}`] ??= {};
    const section = sections[`section${k % 10}`]!;
    if (i % 25 === 24) {
      const noun = pick(WORDS);
      section[`key${k}_one`] = `{{count}} ${noun} ${sentence(2, i).toLowerCase()}`;
      section[`key${k}_other`] = `{{count}} ${noun}s ${sentence(2, i).toLowerCase()}`;
    } else if (i % 10 === 3) {
      section[`key${k}`] = text(() => `${sentence(4, i)}, {{name}}!`);
    } else if (i % 11 === 5) {
      section[`key${k}`] = text(() => `${sentence(3, i)} <1>${pick(WORDS)}</1>.`);
    } else {
      section[`key${k}`] = text(() => sentence(3 + (i % 7), i));
    }
  }
  return `${JSON.stringify(sections, null, 2)}\n`;
}

function page(count: number, next: () => number, sentence: Sentence, text: Text): string {
  const blocks: string[] = [];
  for (let b = 0; b < count; b++) {
    const i = next();
    if (b % 20 === 0) blocks.push(`## ${sentence(3, i)}`);
    else if (i % 5 === 2)
      blocks.push(text(() => `${sentence(8, i)} **${sentence(2, i)}** and \`file${i}.json\`.`));
    else blocks.push(text(() => `${sentence(12, i)}.`));
  }
  return `${blocks.join('\n\n')}\n`;
}
