import { describe, expect, it } from 'vitest';
import { FormatError } from '../../document/diagnostics.js';
import { compareSegmentMarkup, mapSegmentText } from '../../segments/parse-segment.js';
import { loadDocument } from '../load-document.js';

const load = (content: string, options?: Record<string, unknown>) =>
  loadDocument({ path: 'page.html', content, ...(options ? { options } : {}) });

// Every text piece upper-cased: markup ids untouched.
const shout = (segment: string) => mapSegmentText(segment, (t) => t.toUpperCase());

function renderShouted(content: string, options?: Record<string, unknown>): string {
  const doc = load(content, options);
  return doc.render(new Map(doc.units.map((u) => [u.id, shout(u.segment)])), {
    targetLocale: 'de',
  });
}

describe('HTML template tags', () => {
  it('keeps every syntax as a placeholder in text', () => {
    const cases: Array<[string, string]> = [
      ['<p>Hi {{name}}, welcome</p>', 'Hi <x id="1"/>, welcome'],
      ['<p>Raw {{{html}}} here</p>', 'Raw <x id="1"/> here'],
      ['<p>{{#if a}}Only {{b}} then{{/if}}</p>', 'Only <x id="1"/> then'],
      ['<p>Note {{!-- a }} b --}} end</p>', 'Note <x id="1"/> end'],
      [
        '<p>Pick {{^empty}}one{{/empty}} {{> partial}} now</p>',
        'Pick <x id="1"/>one<x id="2"/> <x id="3"/> now',
      ],
      ['<p>Date: {{ purchase_date | date }}</p>', 'Date: <x id="1"/>'],
      ['<p>{% for x in xs %}Item {{ x }}{% endfor %}</p>', 'Item <x id="1"/>'],
      ['<p>Text {# a comment #} more</p>', 'Text <x id="1"/> more'],
      [
        '<p>You have <%= count %> new <%- kind %> messages</p>',
        'You have <x id="1"/> new <x id="2"/> messages',
      ],
      ['<p>Code <%# note %> and <% x() %> end</p>', 'Code <x id="1"/> and <x id="2"/> end'],
      [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: `${…}` is the template syntax under test
        '<p>Costs ${price} or ${a ? {b: 1} : c} total</p>',
        'Costs <x id="1"/> or <x id="2"/> total',
      ],
    ];
    for (const [html, segment] of cases) {
      expect(
        load(html).units.map((u) => u.segment),
        html,
      ).toEqual([segment]);
    }
  });

  it('keeps template tags in attribute values, and skips values that are only a tag', () => {
    const doc = load(
      '<p><img alt="{{product.name}}" src="x.png"><a href="{{url}}" title="Open {{ name }} now">Go</a></p>',
    );
    expect(doc.units.map((u) => u.segment)).toEqual([
      '<x id="1"/><g id="2">Go</g>',
      'Open <x id="1"/> now',
    ]);
  });

  it('writes every tag back byte for byte', () => {
    const source =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: `${…}` is the template syntax under test
      '<p>Hi {{ user.first_name | default: "friend" }}, see {{{link}}} and <%= t("x") %> or ${n}.</p>\n<a title="Go {{where}}">x</a>';
    expect(renderShouted(source)).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: `${…}` is the template syntax under test
      '<p>HI {{ user.first_name | default: "friend" }}, SEE {{{link}}} AND <%= t("x") %> OR ${n}.</p>\n<a title="GO {{where}}">X</a>',
    );
  });

  it('leaves EJS control blocks outside every unit, in the head and in the body', () => {
    const source = `<!DOCTYPE html>
<html lang="en">
<head>
  <title>App</title>
  <% if (typeof PROD != 'undefined' && PROD == true) { %>
  <script>window.A = "/";</script>
  <% } else { %>
  <script>window.A = location.origin;</script>
  <% } %>
</head>
<body>
  <% if (user) { %><p>Signed in</p><% } %>
  <% items.forEach(function (item) { %>
    Item text
  <% }) %>
</body>
</html>`;
    const doc = load(source);
    expect(doc.units.map((u) => u.segment)).toEqual(['App', 'Signed in', 'Item text']);
    const out = renderShouted(source);
    for (const tag of source.match(/<%[\s\S]*?%>/g)!) expect(out).toContain(tag);
    expect(out.replace(/APP|SIGNED IN|ITEM TEXT/g, '')).toBe(
      source.replace(/App|Signed in|Item text/g, '').replace('lang="en"', 'lang="de"'),
    );
  });

  it('counts tags as placeholders when a translation is verified', () => {
    const [unit] = load('<p>Hello {{name}}, you owe {{amount}}</p>').units;
    expect(
      compareSegmentMarkup(unit!.segment, 'Hallo <x id="1"/>, Sie schulden <x id="2"/>'),
    ).toBeNull();
    expect(
      compareSegmentMarkup(unit!.segment, 'Hallo {{Name}}, Sie schulden <x id="2"/>'),
    ).not.toBeNull();
  });

  it('takes a tag whose body the parser read as markup whole', () => {
    const source = `<p>Go <%= link_to '<b>home</b>', root_path %> now</p>`;
    expect(load(source).units.map((u) => u.segment)).toEqual(['Go <x id="1"/> now']);
    expect(renderShouted(source)).toBe(`<p>GO <%= link_to '<b>home</b>', root_path %> NOW</p>`);
  });

  it('reads markup inside template code as template code, never as HTML', () => {
    const source = `<div <%= attrs %>><p>Hello <% if (a <b) { %>world<% } %> end</p>
<p>Next <%= x<y ? "<i>a</i>" : z %> ok</p>
<table><tr><td>One</td></tr>{{#each rows}}<tr><td>{{name}}</td></tr>{{/each}}</table>
<p>Say {{ "<b>hi</b>" | safe }} now</p></div>`;
    const doc = load(source);
    expect(doc.units.map((u) => u.segment)).toEqual([
      'Hello <x id="1"/>world<x id="2"/> end',
      'Next <x id="1"/> ok',
      'One',
      'Say <x id="1"/> now',
    ]);
    expect(doc.warnings.filter((w) => w.rule === 'html-moved-text')).toEqual([]);
    expect(renderShouted(source)).toBe(
      source
        .replace('Hello', 'HELLO')
        .replace('world', 'WORLD')
        .replace(' end', ' END')
        .replace('Next', 'NEXT')
        .replace(' ok', ' OK')
        .replace('One', 'ONE')
        .replace('Say', 'SAY')
        .replace(' now', ' NOW'),
    );
  });

  it('is configured per file: off, or a list of syntaxes by name or alias', () => {
    const html = '<p>A {{x}} and <%= y %> and {% z %} end</p>';
    expect(load(html, { templates: false }).units[0]!.segment).toBe(
      'A {{x}} and &lt;%= y %&gt; and {% z %} end',
    );
    expect(load(html, { templates: ['ejs'] }).units[0]!.segment).toBe(
      'A {{x}} and <x id="1"/> and {% z %} end',
    );
    expect(load(html, { templates: ['handlebars'] }).units[0]!.segment).toBe(
      'A <x id="1"/> and &lt;%= y %&gt; and {% z %} end',
    );
    expect(load(html, { templates: ['Liquid', 'erb'] }).units[0]!.segment).toBe(
      'A <x id="1"/> and <x id="2"/> and <x id="3"/> end',
    );
  });

  it('refuses a bad templates option with an error that names it', () => {
    const attempt = (templates: unknown) => () => load('<p>x</p>', { templates }).units;
    expect(attempt('yes')).toThrow(FormatError);
    expect(attempt('yes')).toThrow(/options\.templates must be true, false or a list/);
    expect(attempt(['mustache', 'handelbars'])).toThrow(
      /options\.templates\[1\]: "handelbars" is not a template syntax; use 'mustache', 'jinja', 'erb', 'dollar-brace'/,
    );
    try {
      attempt([42])();
    } catch (error) {
      expect((error as FormatError).diagnostics[0]).toMatchObject({
        file: 'page.html',
        rule: 'html-options',
        severity: 'error',
      });
    }
    expect(() => load('<p>x</p>', { attributes: 'title' })).toThrow(
      /options\.attributes must be a list/,
    );
  });
});
