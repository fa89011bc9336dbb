import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load-config.js';
import { FormatError } from '../../document/diagnostics.js';
import { conformanceSuite, pseudo, pseudoTranslations } from '../../test-support/conformance.js';
import { loadDocument } from '../load-document.js';
import { dedentBlock } from './dedent-block.js';
import { findMkdocsBlocks } from './mkdocs-blocks.js';

const FIXTURES = fileURLToPath(new URL('../../../../../fixtures/mkdocs/', import.meta.url));
const PAGE = 'installation.md';
const content = readFileSync(join(FIXTURES, PAGE), 'utf8');
const MKDOCS = { syntax: 'mkdocs' } as const;

function translate(text: string, options: Record<string, unknown> = MKDOCS) {
  const doc = loadDocument({ path: PAGE, content: text, options });
  return { doc, out: doc.render(pseudoTranslations(doc), { targetLocale: 'de' }) };
}

interface Shape {
  kind: string;
  /** The marker line with its title left out. */
  marker: string;
  title: string | undefined;
  /** The indentation of each non-blank line of the body, once each. */
  indents: string[];
}

// The mkdocs blocks of a text, nested ones after their parent, as markup: markers and indentation.
function shapes(text: string): Shape[] {
  return findMkdocsBlocks(text).flatMap((b) => {
    const body = b.body ? text.slice(b.body.start, b.body.end) : '';
    const lines = body.split('\n').filter((line) => line.trim() !== '');
    const shape = {
      kind: b.kind,
      marker: text.slice(b.marker.start, b.marker.end).replace(/"(.*)"/, '""'),
      title: b.title?.value,
      indents: [...new Set(lines.map((line) => /^[ \t]*/.exec(line)![0]))],
    };
    return [shape, ...(b.body ? shapes(dedentBlock(text, b.body).body) : [])];
  });
}

conformanceSuite('mkdocs-material page', [
  {
    name: PAGE,
    path: PAGE,
    format: 'markdown',
    options: MKDOCS,
    content: Buffer.from(content),
    golden: join(FIXTURES, 'installation.pseudo-de.md'),
  },
]);

describe("Markdown with syntax: 'mkdocs'", () => {
  it('writes the page back byte for byte when nothing is translated', () => {
    const doc = loadDocument({ path: PAGE, content, options: MKDOCS });
    expect(doc.render(new Map(), { targetLocale: 'de' })).toBe(content);
  });

  it('translates tab labels and admonition titles as units of their own, and bodies as Markdown', () => {
    const doc = loadDocument({ path: PAGE, content, options: MKDOCS });
    const segments = doc.units.filter((u) => !u.derived).map((u) => u.segment);
    expect(segments).toEqual(
      expect.arrayContaining([
        'Before you start',
        'npm',
        'Yarn (classic)',
        'Unordered list',
        'Where should the file live?',
        'The package adds a <x id="1"/> command to your project.',
        'Yarn 1 is <g id="1">no longer maintained</g>, so prefer one of the other tabs.',
        '<x id="1"/> is the language of your pages.',
        'Write the source page',
      ]),
    );
    // No marker line is text, and the code in bodies and fences is not either.
    expect(segments.filter((s) => /===|!!!|\?\?\?|npm install|stays exactly/.test(s))).toEqual([]);
    // Markers without a title are markup a person may edit, not text.
    expect(doc.units.filter((u) => u.derived).map((u) => u.segment)).toEqual([
      '???+ warning',
      '!!! example',
      '!!! quote ""',
    ]);
  });

  it('keeps every marker and indentation, translates labels, and reads back with the same structure', () => {
    const { doc, out } = translate(content);
    // The same blocks with the same markers and indentation, nested ones included.
    const before = shapes(content);
    expect(before.map((b) => b.kind)).toEqual([
      ...['admonition', 'tab', 'tab', 'tab', 'admonition', 'admonition', 'admonition'],
      ...['tab', 'tab', 'admonition', 'admonition'],
    ]);
    expect(before[7]).toEqual({
      kind: 'tab',
      marker: '=== ""',
      title: 'Unordered list',
      indents: ['    '],
    });
    const after = shapes(out);
    expect(after.map(({ title: _, ...b }) => b)).toEqual(before.map(({ title: _, ...b }) => b));
    expect(after.map((b) => b.title)).toEqual(
      before.map((b) => (b.title ? pseudo(b.title) : b.title)),
    );
    // Parsed again with remark and the same syntax, the translation lines up with its source
    // unit by unit: the bodies are Markdown blocks (lists, paragraphs), not code.
    const back = loadDocument({ path: PAGE, content: out, options: MKDOCS });
    expect(back.units.map((u) => u.path)).toEqual(doc.units.map((u) => u.path));
    expect(back.units.filter((u) => u.path.includes('/list[')).length).toBe(6);
    for (const unit of back.units.filter((u) => !u.derived))
      expect(unit.segment).toMatch(/^⟦[\s\S]*⟧$/);
  });

  it('breaks the same page without the option: marker lines are sent as text', () => {
    const { out } = translate(content, {});
    expect(out).toContain('⟦=== "ñpm"⟧');
    expect(shapes(out).length).toBeLessThan(shapes(content).length);
  });

  it('leaves code fences that show the syntax alone, and keeps a hard break in a body indented', () => {
    const page = '!!! note\n    Line one\\\n    line two.\n\n```\n=== "Not a tab"\n    text\n```\n';
    expect(findMkdocsBlocks(page).map((b) => b.kind)).toEqual(['admonition']);
    const doc = loadDocument({ path: 'a.md', content: page, options: MKDOCS });
    const body = doc.units.find((u) => !u.derived)!;
    expect(body.segment).toBe('Line one<x id="1"/>line two.');
    const out = doc.render(new Map([[body.id, 'Zeile eins<x id="1"/>Zeile zwei.']]), {
      targetLocale: 'de',
    });
    // A line indented less would end the admonition for Python-Markdown.
    expect(out).toBe(page.replace('Line one\\\n    line two.', 'Zeile eins\\\n    Zeile zwei.'));
  });

  it('refuses a syntax it does not know, and mkdocs for MDX, in the file and in configuration', async () => {
    for (const [path, syntax] of [
      ['a.md', 'mkdoc'],
      ['a.mdx', 'mkdocs'],
    ] as const) {
      let error: unknown;
      try {
        loadDocument({ path, content: '# A\n', options: { syntax } });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(FormatError);
      expect((error as FormatError).diagnostics[0]!.rule).toBe('markdown-options');
    }
    const dir = await mkdtemp(join(tmpdir(), 'transloom-mkdocs-'));
    try {
      const files = [
        { source: 'docs/**/*.md', target: 'docs/{locale}/{path}', options: { syntax: 'material' } },
      ];
      await writeFile(
        join(dir, 'transloom.json'),
        JSON.stringify({ sourceLocale: 'en', targetLocales: ['de'], files }),
      );
      await expect(loadConfig({ cwd: dir, configFile: 'transloom.json' })).rejects.toThrow(
        'files[0].options.syntax: must be one of commonmark, mkdocs',
      );
      files[0]!.options.syntax = 'mkdocs';
      await writeFile(
        join(dir, 'transloom.json'),
        JSON.stringify({ sourceLocale: 'en', targetLocales: ['de'], files }),
      );
      const config = await loadConfig({ cwd: dir, configFile: 'transloom.json' });
      expect(config.files[0]!.options).toEqual({ syntax: 'mkdocs' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
