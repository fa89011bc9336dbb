#!/usr/bin/env node
// Checks every link between the pages of a built docs site, page and #anchor, and exits 1 when
// one is broken (VitePress, for one, stops on dead page links but not on dead anchors):
//   node scripts/check-built-links.mjs .vitepress/dist [--base /docs/]
import { parseArgs } from 'node:util';
import { checkBuiltLinks } from '../packages/core/dist/docs.js';

const { values, positionals } = parseArgs({
  options: { base: { type: 'string', default: '/' } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/check-built-links.mjs <built site folder> [--base /path/]');
  process.exit(2);
}
const report = await checkBuiltLinks({ dir: positionals[0], base: values.base });
for (const p of report.problems)
  console.error(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.rule}]`);
console.log(
  `${report.pages} pages, ${report.links} links to the site's own pages (${report.anchors} with an anchor), ${report.problems.length} broken`,
);
process.exitCode = report.problems.length > 0 ? 1 : 0;
