import { readFileSync } from 'node:fs';
import type { Element, Root, RootContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { pseudoTranslations } from '../../test-support/conformance.js';
import { loadDocument } from '../load-document.js';
import { parseHtml } from './html-tree.js';

const FIXTURES = new URL('../../../../../fixtures/formats/html/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

function translate(content: string, options?: Record<string, unknown>) {
  const doc = loadDocument({ path: 'mail.html', content, ...(options ? { options } : {}) });
  const output = doc.render(pseudoTranslations(doc), { targetLocale: 'de' });
  return { doc, output };
}

const TEMPLATE_TAG = /\{\{\{[\s\S]*?\}\}\}|\{\{[\s\S]*?\}\}|<%[\s\S]*?%>/g;
const TABLE_TAG = /<\/?(?:table|tbody|thead|tr|td|th)\b[^>]*>/gi;

// Cells per row of every table, as a browser builds them.
function tableShape(html: string): number[][] {
  const rows: number[][] = [];
  const visit = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const element = node as Element;
      if (element.tagName === 'tr')
        rows.push([
          element.children.filter(
            (c) => c.type === 'element' && (c.tagName === 'td' || c.tagName === 'th'),
          ).length,
        ]);
      visit(element.children as RootContent[]);
    }
  };
  visit((parseHtml(html, { fragment: false }) as Root).children);
  return rows;
}

describe('HTML text the parser moves', () => {
  const receipt = fixture('receipt-handlebars.html');
  const loop = receipt.slice(
    receipt.indexOf('{{#each receipt_details}}'),
    receipt.indexOf('{{/each}}') + '{{/each}}'.length,
  );

  for (const templates of [true, false]) {
    it(`keeps a Handlebars receipt's table, cells and tags byte for byte (templates: ${templates})`, () => {
      const { doc, output } = translate(receipt, { templates });
      if (templates) {
        expect(output).toContain(loop);
        expect(output.match(TEMPLATE_TAG)).toEqual(receipt.match(TEMPLATE_TAG));
      } else {
        // Without template support the cells' tags are text, but the loop stays where it is.
        expect(output).toContain('{{#each receipt_details}}\n                <tr>');
        expect(output).toContain('</tr>\n                {{/each}}\n                <tr>');
      }
      expect(output.match(TABLE_TAG)).toEqual(receipt.match(TABLE_TAG));
      expect(tableShape(output)).toEqual(tableShape(receipt));
      // The header cells are translated where they are, not lost.
      expect(output).toContain(
        '<th class="purchase_heading" align="left"><p>⟦Déšçríptíöñ⟧</p></th>',
      );
      for (const unit of doc.units) expect(unit.segment).not.toContain('{{#each');
    });
  }

  it('leaves text moved out of a table untranslated, with a warning that names its line', () => {
    const { doc, output } = translate(receipt, { templates: false });
    const warnings = doc.warnings.filter((w) => w.rule === 'html-moved-text');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      file: 'mail.html',
      line: receipt.slice(0, receipt.indexOf('{{#each')).split('\n').length,
      severity: 'warning',
    });
    expect(warnings[0]!.message).toMatch(/moves this text out of its place .* left untranslated/);
    expect(output).toContain('{{#each receipt_details}}\n                <tr>');
  });

  it('does not mistake the tags of moved rows for tags the parser ignored', () => {
    const html = '<table>stray<tr></tr>more<tr><td>Cell</td></tr></table>';
    const { doc, output } = translate(html);
    expect(doc.units.map((u) => u.segment)).toEqual(['Cell']);
    expect(doc.warnings.map((w) => w.rule)).toContain('html-moved-text');
    expect(output).toBe('<table>stray<tr></tr>more<tr><td>⟦Céll⟧</td></tr></table>');
  });

  it('keeps misnested markup as it is and translates around it', () => {
    const source = fixture('misnested.html');
    const { doc, output } = translate(source);
    expect(output).toContain('Stray text before the rows');
    expect(output).toContain('more stray text');
    expect(output.match(TABLE_TAG)).toEqual(source.match(TABLE_TAG));
    expect(tableShape(output)).toEqual(tableShape(source));
    expect(output).toContain('<p>⟦Sömé <b>böld áñd <i>böth</b> ítálíç öñly</i> téxt.⟧</p>');
    expect(output).toContain('<p>⟦Á štráy éñd tág </span> íñšídé á šéñtéñçé.⟧</p>');
    expect(output).toContain('<li>⟦Üñçlöšéd fíršt ítém⟧\n    <li>⟦Üñçlöšéd šéçöñd <em>ítém</em>⟧');
    const strayLine = source.split('\n').findIndex((l) => l.includes('Stray text')) + 1;
    expect(
      doc.warnings.filter((w) => w.rule === 'html-moved-text').map((w) => [w.line, w.column]),
    ).toEqual([[strayLine, 5]]);
  });

  it('reads tags the parser reordered in source order: every tag stays where it is', () => {
    const { doc, output } = translate('<p>a <b>b <i>c</b> d</i> e</p>');
    expect(doc.units.map((u) => u.segment)).toEqual([
      'a <x id="1"/>b <x id="2"/>c<x id="3"/> d<x id="4"/> e',
    ]);
    expect(output).toBe('<p>⟦á <b>b <i>ç</b> d</i> é⟧</p>');
  });

  it('keeps a start tag the parser repeats for a re-opened element as one attribute unit', () => {
    const { doc } = translate('<p><b>x <i title="Tip">y</b> z</i></p>');
    expect(doc.units.filter((u) => u.segment === 'Tip')).toHaveLength(1);
  });
});
