import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../document/load-document.js';
import { mapSegmentText } from '../../segments/parse-segment.js';

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
});
