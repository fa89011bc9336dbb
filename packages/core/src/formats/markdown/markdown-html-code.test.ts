import { describe, expect, it } from 'vitest';
import { mapSegmentText } from '../../segments/parse-segment.js';
import { loadDocument } from '../load-document.js';

const load = (path: string, content: string) => loadDocument({ path, content });

function shout(path: string, content: string): string {
  const doc = load(path, content);
  return doc.render(
    new Map(doc.units.map((u) => [u.id, mapSegmentText(u.segment, (t) => t.toUpperCase())])),
    { targetLocale: 'de' },
  );
}

describe('code in HTML inside Markdown and MDX', () => {
  const markdown = `# Install

Run \`npm install\` first.

<div class="note">
<p>Use <code>npm ci</code>, press <kbd>Ctrl</kbd>+<kbd>C</kbd>, read <samp>Done</samp> for <var>n</var> or <tt>tty</tt>.</p>
<pre>
some preformatted text
</pre>
</div>

Inline <code>html code</code>, <kbd>K</kbd>, <samp>out</samp>, <var>v</var> and <pre>inline pre</pre> here.
`;

  it('keeps code, kbd, samp, var, tt and pre as placeholders in HTML blocks and inline HTML, like inline code', () => {
    expect(load('guide.md', markdown).units.map((u) => u.segment)).toEqual([
      'Install',
      'Run <x id="1"/> first.',
      'Use <x id="1"/>, press <x id="2"/>+<x id="3"/>, read <x id="4"/> for <x id="5"/> or <x id="6"/>.',
      'Inline <x id="1"/>, <x id="2"/>, <x id="3"/>, <x id="4"/> and <x id="5"/> here.',
    ]);
  });

  it('writes the code back byte for byte', () => {
    const out = shout('guide.md', markdown);
    for (const code of [
      '<code>npm ci</code>',
      '<kbd>Ctrl</kbd>+<kbd>C</kbd>',
      '<samp>Done</samp>',
      '<var>n</var>',
      '<tt>tty</tt>',
      '<pre>\nsome preformatted text\n</pre>',
      '<code>html code</code>',
      '<pre>inline pre</pre>',
    ])
      expect(out).toContain(code);
    expect(out).toContain('INLINE <code>html code</code>, <kbd>K</kbd>');
  });

  it('keeps JSX code elements of MDX whole', () => {
    const mdx = `# Title

Press <kbd>Enter</kbd> and run <code>build</code> now.

<pre>
  not prose
</pre>
`;
    expect(load('page.mdx', mdx).units.map((u) => u.segment)).toEqual([
      'Title',
      'Press <x id="1"/> and run <x id="2"/> now.',
    ]);
    expect(shout('page.mdx', mdx)).toContain('<pre>\n  not prose\n</pre>');
  });

  it('protects template tags in HTML blocks', () => {
    const doc = load('page.md', '<p>Hello {{ $frontmatter.name }}, welcome</p>\n');
    expect(doc.units.map((u) => u.segment)).toEqual(['Hello <x id="1"/>, welcome']);
  });

  it('writes the attribute of a component tag spread over the lines of a paragraph in its place', () => {
    // Not an HTML block (the tag does not close on its first line): inline HTML in a paragraph,
    // whose value lacks the indentation of its continuation lines.
    const content =
      'Text.\n\n<MasteringPiniaLink\n  href="https://example.com/lesson"\n  title="Using composables"\n/>\n';
    const out = shout('page.md', content);
    expect(out).toBe(
      content
        .replace('title="Using composables"', 'title="USING COMPOSABLES"')
        .replace('Text.', 'TEXT.'),
    );
    expect(load('page.md', out).units.map((u) => u.segment)).toEqual([
      'TEXT.',
      'USING COMPOSABLES',
    ]);
  });
});
