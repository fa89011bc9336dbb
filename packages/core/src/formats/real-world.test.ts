import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { type ConformanceCase, conformanceSuite } from '../test-support/conformance.js';
import type { FormatName } from './registry.js';

// Real files from public projects (../shared/fixtures/real-world beside the repository).
const ROOT =
  process.env.TRANSLOOM_REAL_WORLD_FIXTURES ??
  fileURLToPath(new URL('../../../../../shared/fixtures/real-world/', import.meta.url));

/** Folders of supported formats; the others (YAML, PO, Android XML) are not read by Transloom. */
const FOLDERS: Readonly<Record<string, FormatName | undefined>> = {
  'json-i18next': 'json',
  'json-icu': 'json',
  markdown: undefined,
  html: 'html',
  xliff12: 'xliff12',
  xliff2: 'xliff2',
};

const cases: ConformanceCase[] = [];
if (existsSync(ROOT)) {
  for (const [folder, format] of Object.entries(FOLDERS)) {
    const dir = join(ROOT, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      cases.push({
        name: `${folder}/${name}`,
        path: name,
        content: readFileSync(join(dir, name)),
        ...(format ? { format } : {}),
      });
    }
  }
}

describe.skipIf(cases.length === 0)('real-world files', () => {
  it('finds every supported file', () => {
    if (cases.length < 20)
      throw new Error(`expected the real-world folder's 28 supported files, found ${cases.length}`);
  });
  conformanceSuite('conformance', cases);
});
