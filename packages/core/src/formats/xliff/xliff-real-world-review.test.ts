import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pseudoTranslations } from '../../test-support/conformance.js';
import { type LocDocument, loadDocument } from '../load-document.js';

// Real files from public projects, as the conformance suite reads them (real-world.test.ts).
const ROOT =
  process.env.TRANSLOOM_REAL_WORLD_FIXTURES ??
  fileURLToPath(new URL('../../../../../../shared/fixtures/real-world/', import.meta.url));

const cases: Array<{ name: string; content: Buffer; format: 'xliff12' | 'xliff2' }> = [];
for (const format of ['xliff12', 'xliff2'] as const) {
  const dir = join(ROOT, format);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort())
    cases.push({ name: `${format}/${name}`, content: readFileSync(join(dir, name)), format });
}

/** `text` read as the German target of `source`, as the main job reads a target file. */
function asTarget(source: LocDocument, text: string): LocDocument {
  return loadDocument({
    path: 'target.de.xlf',
    content: text,
    format: source.format,
    sourceLocale: 'de',
    options: { ...source.options, locale: 'de', segmentsFrom: 'target' },
  });
}

describe.skipIf(cases.length === 0)('real-world XLIFF rendered over its own target file', () => {
  for (const c of cases) {
    it(`${c.name}: the same again, and a reviewer's states stay`, () => {
      const source = loadDocument({ path: 'messages.xlf', content: c.content, format: c.format });
      const translations = pseudoTranslations(source);
      const first = source.render(translations, { targetLocale: 'de' });
      expect(
        source.render(translations, { targetLocale: 'de', previous: asTarget(source, first) }),
      ).toBe(first);

      const reviewed = first.replaceAll('state="translated"', 'state="final"');
      expect(reviewed).not.toBe(first);
      expect(
        source.render(translations, { targetLocale: 'de', previous: asTarget(source, reviewed) }),
      ).toBe(reviewed);
    });
  }
});
