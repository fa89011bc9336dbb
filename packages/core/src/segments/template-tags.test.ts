import { describe, expect, it } from 'vitest';
import {
  findTemplateTags,
  hasTextOutsideTemplates,
  TEMPLATE_SYNTAXES,
  type TemplateSyntax,
} from './template-tags.js';

const tags = (text: string, syntaxes: readonly TemplateSyntax[] = TEMPLATE_SYNTAXES) =>
  findTemplateTags(text, syntaxes).map((t) => [text.slice(t.start, t.end), t.control, t.closed]);

describe('template tags', () => {
  it('finds Mustache and Handlebars tags, telling control tags from printed values', () => {
    expect(
      tags(
        '{{name}} {{{raw}}} {{#each xs}}{{/each}} {{^none}} {{!note}} {{!-- a }} b --}} {{> part}} {{else}} {{~#if a~}} {{{{raw}}}}',
      ),
    ).toEqual([
      ['{{name}}', false, true],
      ['{{{raw}}}', false, true],
      ['{{#each xs}}', true, true],
      ['{{/each}}', true, true],
      ['{{^none}}', true, true],
      ['{{!note}}', true, true],
      ['{{!-- a }} b --}}', true, true],
      ['{{> part}}', true, true],
      ['{{else}}', true, true],
      ['{{~#if a~}}', true, true],
      ['{{{{raw}}}}', true, true],
    ]);
  });

  it('finds Jinja, Liquid and Nunjucks tags', () => {
    expect(tags('{{ user.name | upcase }} {%- if x -%} {% endif %} {# note #}', ['jinja'])).toEqual(
      [
        ['{{ user.name | upcase }}', false, true],
        ['{%- if x -%}', true, true],
        ['{% endif %}', true, true],
        ['{# note #}', true, true],
      ],
    );
  });

  it('finds ERB and EJS tags, and the literal <%%', () => {
    expect(
      tags('<%= total %> <%- html %> <% if (a > b) { %> <%# c %> <%_ x _%> <%% lit', ['erb']),
    ).toEqual([
      ['<%= total %>', false, true],
      ['<%- html %>', false, true],
      ['<% if (a > b) { %>', true, true],
      ['<%# c %>', true, true],
      ['<%_ x _%>', true, true],
      ['<%%', false, true],
    ]);
  });

  it('balances braces inside a dollar-brace tag', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: `${…}` is the syntax under test
    expect(tags('${a ? {b: {c: 1}} : d} and ${x}', ['dollar-brace'])).toEqual([
      // biome-ignore lint/suspicious/noTemplateCurlyInString: `${…}` is the syntax under test
      ['${a ? {b: {c: 1}} : d}', false, true],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: `${…}` is the syntax under test
      ['${x}', false, true],
    ]);
  });

  it('reports an unclosed tag with its closer, running to the end', () => {
    const [tag] = findTemplateTags('Hi {{ name', TEMPLATE_SYNTAXES);
    expect(tag).toMatchObject({ start: 3, end: 10, closed: false, closer: '}}' });
  });

  it('finds only the syntaxes asked for, within the given range', () => {
    expect(tags('{{a}} {% b %} <%= c %>', ['mustache'])).toEqual([['{{a}}', false, true]]);
    expect(tags('{{a}} {% b %}', [])).toEqual([]);
    expect(findTemplateTags('xx {{a}} {{b}}', TEMPLATE_SYNTAXES, 4, 12)).toEqual([
      { start: 9, end: 12, control: false, closed: false, closer: '}}' },
    ]);
    expect(findTemplateTags('xx {{a}} {{b}}', TEMPLATE_SYNTAXES, 3, 8)).toHaveLength(1);
  });

  it('tells text from a string of tags and spaces', () => {
    expect(hasTextOutsideTemplates(' {{#if a}} \n {{/if}} ', TEMPLATE_SYNTAXES)).toBe(false);
    expect(hasTextOutsideTemplates('{{a}}, {{b}}', TEMPLATE_SYNTAXES)).toBe(true);
    expect(hasTextOutsideTemplates('{{a}}', [])).toBe(true);
  });
});
