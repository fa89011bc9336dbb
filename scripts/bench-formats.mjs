#!/usr/bin/env node
// MB/s of Transloom's load + render (every unit translated) per format, next to the floor:
// the bare library Transloom builds on parsing and serializing the same files. Files are the
// project's fixtures plus ../shared/fixtures/real-world when it exists.
// Run with `pnpm bench:formats` after `pnpm build`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { parse as parseJsonc } from 'jsonc-parser';
import rehypeParse from 'rehype-parse';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { loadDocument, mapSegmentText } from '../packages/core/dist/formats.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const MIN_SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);

const FOLDERS = {
  json: [
    'fixtures/formats/json',
    '../shared/fixtures/real-world/json-i18next',
    '../shared/fixtures/real-world/json-icu',
  ],
  xliff12: ['fixtures/formats/xliff12', '../shared/fixtures/real-world/xliff12'],
  xliff2: ['fixtures/formats/xliff2', '../shared/fixtures/real-world/xliff2'],
  markdown: ['fixtures/formats/markdown', '../shared/fixtures/real-world/markdown'],
  html: ['fixtures/formats/html', '../shared/fixtures/real-world/html'],
};

function files(format) {
  const out = [];
  for (const folder of FOLDERS[format]) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (name.includes('.pseudo-de.')) continue;
      out.push({
        path: name,
        format: format === 'markdown' && extname(name) === '.mdx' ? 'mdx' : format,
        bytes: readFileSync(join(dir, name)),
      });
    }
  }
  return out;
}

const markdown = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml', 'toml'])
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkStringify);
const mdx = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml', 'toml'])
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkMdx)
  .use(remarkStringify);
const html = unified().use(rehypeParse).use(rehypeStringify);
const xmlOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  processEntities: false,
  trimValues: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
};
const xmlParser = new XMLParser(xmlOptions);
const xmlBuilder = new XMLBuilder(xmlOptions);

/** The floor: the same library's parse and serialize, nothing else. */
const FLOORS = {
  json: (text) => JSON.stringify(parseJsonc(text)),
  xliff12: (text) => xmlBuilder.build(xmlParser.parse(text)),
  xliff2: (text) => xmlBuilder.build(xmlParser.parse(text)),
  markdown: (text, format) => {
    const processor = format === 'mdx' ? mdx : markdown;
    return processor.stringify(processor.parse(text));
  },
  html: (text) => html.stringify(html.parse(text)),
};

const pseudo = (segment) => mapSegmentText(segment, (t) => t.toUpperCase());

function ours(file) {
  const document = loadDocument({ path: file.path, content: file.bytes, format: file.format });
  const translations = new Map(
    document.units.map((u) => [
      u.id,
      u.plural
        ? { variants: u.plural.variants.map((v) => ({ keys: v.keys, segment: pseudo(v.segment) })) }
        : pseudo(u.segment),
    ]),
  );
  return document.render(translations, { targetLocale: 'de' });
}

function measure(work, files) {
  const total = files.reduce((sum, f) => sum + f.bytes.length, 0);
  for (const f of files) work(f);
  let rounds = 0;
  const started = performance.now();
  while (performance.now() - started < MIN_SECONDS * 1000) {
    for (const f of files) work(f);
    rounds++;
  }
  const seconds = (performance.now() - started) / 1000;
  return (total * rounds) / seconds / 1024 / 1024;
}

const pad = (s, n) => String(s).padEnd(n);
console.log(
  `\nload + render (every unit translated) vs bare parse + serialize, Node ${process.version}\n`,
);
console.log(
  `${pad('format', 10)}${pad('files', 7)}${pad('KB', 8)}${pad('units', 8)}${pad('ours MB/s', 12)}${pad('floor MB/s', 12)}ratio`,
);
for (const format of Object.keys(FOLDERS)) {
  const set = files(format);
  if (set.length === 0) continue;
  const texts = set.map((f) => ({ ...f, text: new TextDecoder().decode(f.bytes) }));
  const units = set.reduce(
    (sum, f) =>
      sum + loadDocument({ path: f.path, content: f.bytes, format: f.format }).units.length,
    0,
  );
  const oursRate = measure(ours, set);
  const floorRate = measure((f) => FLOORS[format](f.text, f.format), texts);
  const kb = set.reduce((sum, f) => sum + f.bytes.length, 0) / 1024;
  console.log(
    `${pad(format, 10)}${pad(set.length, 7)}${pad(kb.toFixed(0), 8)}${pad(units, 8)}${pad(oursRate.toFixed(2), 12)}${pad(floorRate.toFixed(2), 12)}${(oursRate / floorRate).toFixed(2)}x`,
  );
}
