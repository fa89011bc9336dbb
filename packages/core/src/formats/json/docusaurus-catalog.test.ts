import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

// What `docusaurus write-translations` writes: `{ key: { message, description } }`.
const CODE_JSON = `{
  "theme.blog.post.readingTime.plurals": {
    "message": "One min read|{readingTime} min read",
    "description": "Pluralized label for reading time, as a pipe-separated list"
  },
  "theme.docs.paginator.navAriaLabel": {
    "message": "Docs pages",
    "description": "The ARIA label for the docs pagination"
  },
  "item.label.Blog": {
    "message": "Blog",
    "description": "Navbar item with label Blog"
  }
}
`;

describe('Docusaurus translation catalogs', () => {
  it('translates each message, sends its description as context and keeps the description', () => {
    const doc = loadDocument({ path: 'i18n/en/code.json', content: CODE_JSON });
    expect(doc.units.map((u) => [u.id, u.segment, u.context])).toEqual([
      [
        'theme.blog.post.readingTime.plurals',
        'One min read|<x id="1"/> min read',
        'Pluralized label for reading time, as a pipe-separated list',
      ],
      ['theme.docs.paginator.navAriaLabel', 'Docs pages', 'The ARIA label for the docs pagination'],
      ['item.label.Blog', 'Blog', 'Navbar item with label Blog'],
    ]);
    const out = doc.render(
      new Map([
        [
          'theme.blog.post.readingTime.plurals',
          'Eine Minute Lesezeit|<x id="1"/> Minuten Lesezeit',
        ],
        ['theme.docs.paginator.navAriaLabel', 'Dokumentationsseiten'],
      ]),
      { targetLocale: 'de' },
    );
    const catalog = JSON.parse(out);
    expect(catalog['theme.blog.post.readingTime.plurals']).toEqual({
      message: 'Eine Minute Lesezeit|{readingTime} Minuten Lesezeit',
      description: 'Pluralized label for reading time, as a pipe-separated list',
    });
    expect(catalog['theme.docs.paginator.navAriaLabel'].message).toBe('Dokumentationsseiten');
    expect(catalog['item.label.Blog']).toEqual({
      message: 'Blog',
      description: 'Navbar item with label Blog',
    });
    // Everything but the translated strings is written as it was.
    expect(
      out
        .replace('Eine Minute Lesezeit|{readingTime} Minuten Lesezeit', 'X')
        .replace('Dokumentationsseiten', 'Y'),
    ).toBe(
      CODE_JSON.replace('One min read|{readingTime} min read', 'X').replace('Docs pages', 'Y'),
    );
  });
});
