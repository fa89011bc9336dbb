import { describe, expect, it } from 'vitest';
import { compareSegmentMarkup, mapSegmentText } from '../../segments/parse-segment.js';
import { loadDocument } from '../load-document.js';

// Pieces of real pages at their worst: misnesting, stray end tags, tables with text, template
// tags (some unclosed), entities, CR LF, `translate` regions, elements left open.
const PIECES = [
  '<p>',
  '</p>',
  '<b>',
  '</b>',
  '<i>',
  '</i>',
  '<table>',
  '</table>',
  '<tr>',
  '</tr>',
  '<td>',
  '</td>',
  '<div>',
  '</div>',
  '<ul>',
  '<li>',
  '</ul>',
  '<a href="x" title="T {{t}}">',
  '</a>',
  '</span>',
  '<span translate="no">',
  '<em translate="yes">',
  '</em>',
  '<code>c</code>',
  '<br>',
  '<img alt="Alt">',
  '<!-- c -->',
  '<select><option>O</option></select>',
  'Hello ',
  'world',
  'text ',
  'x < y',
  ' {{name}} ',
  '{{#each x}}',
  '{{/each}}',
  '{{ unclosed ',
  ' }}',
  '<% if (a) { %>',
  '<% } %>',
  '<%= v %>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: `${…}` is a template syntax under test
  '${x}',
  '{% for %}',
  '{# c #}',
  '&amp;',
  '&nbsp;',
  '\r\n',
  '\n  ',
];
// Tags, template tags and comments, in order: what a translation must leave as it was.
const MARKUP = /<[A-Za-z/!][^>]*>|\{\{[^<>]*?\}\}|<%[^<>]*?%>/g;

// A small linear congruential generator: the same documents on every run.
function documents(count: number, seed: number): string[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 3 + next(25) }, () => PIECES[next(PIECES.length)]).join(''),
  );
}

describe('HTML write-back on random misnested markup', () => {
  it('keeps every tag in place and reads its own output back the same', () => {
    for (const html of documents(1500, 1)) {
      const load = (content: string) => loadDocument({ path: 'page.html', content });
      const doc = load(html);
      // Vowels upper-cased: the text changes, its place among the tags does not.
      const translations = new Map(
        doc.units.map((u) => [
          u.id,
          mapSegmentText(u.segment, (t) => t.replace(/[aeiou]/g, (c) => c.toUpperCase())),
        ]),
      );
      const output = doc.render(translations, { targetLocale: 'de' });
      const where = `${JSON.stringify(html)}\n-> ${JSON.stringify(output)}`;
      expect(output.match(MARKUP), where).toEqual(html.match(MARKUP));
      const again = load(output);
      expect(again.units.length, where).toBe(doc.units.length);
      again.units.forEach((unit, i) => {
        const source = doc.units[i]!;
        expect(compareSegmentMarkup(source.segment, unit.segment), where).toBeNull();
        expect(unit.segment, where).toBe(translations.get(source.id));
      });
    }
  });
});
