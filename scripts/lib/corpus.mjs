// The generated project of the main-job benchmarks: JSON catalogs and Markdown pages with
// placeholders, Trans tags, inline code and links, 20% of the strings repeated, made by a
// seeded generator so every run (and every benchmark) measures the same corpus.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The target locales of the generated project. */
export const LOCALES = ['de', 'fr', 'es', 'ja', 'pl'];

const WORDS =
  'project translation file change review release build team locale string update branch commit version support message user account setting page document guide server client request window button error value option feature'.split(
    ' ',
  );
const VERBS =
  'open save delete review translate ship check update merge write read send find keep'.split(' ');

/**
 * Writes a project of `units` units into `root`: 60% JSON strings (100 per catalog, one in ten
 * a plural group), the rest Markdown blocks (80 per page), and a transloom.config.json for
 * LOCALES (`extra` merged in).
 * The same `units` always gives the same bytes.
 */
export async function generateCorpus(root, units = 20_000, extra = {}) {
  let seed = 20261122;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sentence = (min, max) => {
    const n = min + Math.floor(random() * (max - min + 1));
    const words = Array.from({ length: n }, (_, i) => (i % 4 === 1 ? pick(VERBS) : pick(WORDS)));
    words[0] = words[0][0].toUpperCase() + words[0].slice(1);
    return `${words.join(' ')}.`;
  };
  // 20% of the strings repeat one written before (in any file).
  const pool = (make) => {
    const seen = [];
    return () => {
      if (seen.length > 10 && random() < 0.2) return pick(seen);
      const text = make();
      seen.push(text);
      return text;
    };
  };
  const catalogString = pool(() => {
    const r = random();
    if (r < 0.15) return `${sentence(3, 8).slice(0, -1)}, {{name}}!`;
    if (r < 0.3) return `${sentence(3, 8).slice(0, -1)} <1>${pick(WORDS)} ${pick(WORDS)}</1>.`;
    return sentence(2, 10);
  });
  const prose = pool(() => {
    const r = random();
    if (r < 0.2)
      return `${sentence(6, 14).slice(0, -1)} **${pick(WORDS)} ${pick(WORDS)}** and \`${pick(WORDS)}.json\`.`;
    if (r < 0.35)
      return `${sentence(6, 14).slice(0, -1)}, see [the ${pick(WORDS)} guide](./${pick(WORDS)}.md).`;
    return `${sentence(6, 14)} ${sentence(4, 10)}`;
  });
  const write = async (path, text) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  };

  const jsonUnits = Math.round(units * 0.6);
  let made = 0;
  for (let f = 0; made < jsonUnits; f++) {
    const catalog = {};
    for (let k = 0; k < 100 && made < jsonUnits; k++, made++) {
      const section = `section${k % 10}`;
      catalog[section] ??= {};
      // One key in ten is an i18next plural group (one unit, a form per target category).
      if (k % 10 === 7) {
        const noun = pick(WORDS);
        catalog[section][`key${k}_one`] = `{{count}} ${noun} ${pick(VERBS)}ed by {{name}}`;
        catalog[section][`key${k}_other`] = `{{count}} ${noun}s ${pick(VERBS)}ed by {{name}}`;
      } else {
        catalog[section][`key${k}`] = catalogString();
      }
    }
    await write(`locales/en/ns${f}.json`, `${JSON.stringify(catalog, null, 2)}\n`);
  }
  for (let f = 0; made < units; f++) {
    const blocks = [`# ${sentence(2, 5).slice(0, -1)}`];
    for (let b = 0; b < 79 && made + b + 1 < units; b++)
      blocks.push(b % 10 === 9 ? `## ${sentence(2, 5).slice(0, -1)}` : prose());
    made += blocks.length;
    await write(`docs/part${f % 10}/page${f}.md`, `${blocks.join('\n\n')}\n`);
  }
  await write(
    'transloom.config.json',
    JSON.stringify({
      sourceLocale: 'en',
      targetLocales: LOCALES,
      files: [
        { source: 'locales/{locale}/*.json' },
        { source: 'docs/**/*.md', target: 'i18n/{locale}/{path}' },
      ],
      ...extra,
    }),
  );
}
