import { describe, expect, it } from 'vitest';
import type { UnitTranslation } from '../format-adapter.js';
import { loadDocument } from '../load-document.js';

function render(message: string, translation: UnitTranslation, locale = 'de') {
  const doc = loadDocument({ path: 'en.json', content: JSON.stringify({ message }) });
  const output = doc.render({ message: translation }, { targetLocale: locale });
  return JSON.parse(output).message as string;
}

describe('renderIcu', () => {
  it("keeps the source's spelling of text a form keeps, and quotes new text only where needed", () => {
    const message = "{who, select, female {It''s hers} other {It''s '{'theirs'}'}}";
    expect(
      render(message, {
        variants: [
          { keys: ['female'], segment: "It's hers" },
          { keys: ['other'], segment: "C'est à eux {tous}" },
        ],
      }),
    ).toBe("{who, select, female {It''s hers} other {C'est à eux '{'tous'}'}}");
  });

  it('quotes a # only in the branch of the plural it would print', () => {
    const message =
      '{n, plural, one {# {kind, select, bug {bug #1} other {task #1}}} other {# {kind, select, bug {bugs #1} other {tasks #1}}}}';
    const doc = loadDocument({ path: 'en.json', content: JSON.stringify({ message }) });
    const variants = doc.units[0]!.plural!.variants.map((v) => ({
      keys: v.keys,
      segment: v.segment.replace('#1', '# 1'),
    }));
    // `#` in a select's branch is text (and `{n, number}` prints the plural's number there).
    expect(render(message, { variants })).toBe(
      '{n, plural, one {{kind, select, bug {{n, number} bug # 1} other {{n, number} task # 1}}} other {{kind, select, bug {{n, number} bugs # 1} other {{n, number} tasks # 1}}}}',
    );
    expect(
      render('{n, plural, other {# of #1}}', {
        variants: [{ keys: ['other'], segment: '<x id="1"/> von #1' }],
      }),
    ).toBe("{n, plural, other {# von '#'1}}");
  });
});
