import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

function shout(segment: string): string {
  return segment.replace(/(^|>)([^<]*)/g, (_m, a: string, b: string) => a + b.toUpperCase());
}

function translate(path: string, content: string, options: Record<string, unknown> = {}) {
  const doc = loadDocument({ path, content, options });
  const out = doc.render(
    new Map(doc.units.filter((u) => !u.derived).map((u) => [u.id, shout(u.segment)])),
    {
      targetLocale: 'de',
    },
  );
  return { doc, out };
}

const PAGE = [
  ':::: tabs key:pm',
  '== npm',
  '```sh',
  'npm i transloom',
  '```',
  '== Yarn (classic)',
  'Use *this* one.',
  '::::',
  '',
  '::: code-group',
  '```sh [npm]',
  'npm i',
  '```',
  '```sh [Yarn classic]{2}',
  'yarn add',
  '```',
  ':::',
  '',
  '::: my-widget some info string',
  'Widget body.',
  ':::',
  '',
  '::: tip Custom title',
  'Tip body.',
  ':::',
  '',
].join('\n');

describe('container markup of common plugins', () => {
  it('translates tab labels and known titles, and keeps every other byte of the markup', () => {
    const { doc, out } = translate('a.md', PAGE);
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'npm',
      'Yarn (classic)',
      'Use <g id="1">this</g> one.',
      'Widget body.',
      'Custom title',
      'Tip body.',
    ]);
    expect(out).toBe(
      PAGE.replace('== npm', '== NPM')
        .replace('== Yarn (classic)\nUse *this* one.', '== YARN (CLASSIC)\nUSE *THIS* ONE.')
        .replace('Widget body.', 'WIDGET BODY.')
        .replace('tip Custom title\nTip body.', 'tip CUSTOM TITLE\nTIP BODY.'),
    );
    // Read back, the translation lines up with its source unit by unit.
    const back = loadDocument({ path: 'a.md', content: out });
    expect(back.units.filter((u) => !u.derived).map((u) => u.path)).toEqual(
      doc.units.filter((u) => !u.derived).map((u) => u.path),
    );
  });

  it('translates only the labels configured: code-group labels when asked, tab labels not', () => {
    const { doc, out } = translate('a.md', PAGE, { labels: ['code-group'] });
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'Use <g id="1">this</g> one.',
      'npm',
      'Yarn classic',
      'Widget body.',
      'Tip body.',
    ]);
    expect(out).toContain('```sh [NPM]\nnpm i\n```\n```sh [YARN CLASSIC]{2}\nyarn add\n```');
    expect(out).toContain(':::: tabs key:pm\n== npm\n');
    expect(out).toContain('::: tip Custom title\n');
  });

  it('keeps a tab label line out of the text around it', () => {
    // Without the label line blanked, `== Label` and the tab's first line are one paragraph.
    const { doc } = translate(
      'a.md',
      ':::tabs\n== First\nFirst body.\n== Second\nSecond body.\n:::\n',
      {
        labels: [],
      },
    );
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'First body.',
      'Second body.',
    ]);
  });

  it('escapes a label written into MDX, where it is Markdown text', () => {
    const content = ':::note[Read {this}]\nBody.\n:::\n';
    const doc = loadDocument({ path: 'a.mdx', content: content.replace('{this}', '\\{this\\}') });
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'Read {this}',
      'Body.',
    ]);
    const out = doc.render(
      new Map([[doc.units[0]!.id, 'Lies <x/> {das}'.replace('<x/>', '&lt;')]]),
      {
        targetLocale: 'de',
      },
    );
    expect(out).toBe(':::note[Lies \\< \\{das\\}]\nBody.\n:::\n');
  });
});
