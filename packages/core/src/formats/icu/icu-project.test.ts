import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { pseudoEngine } from '@transloom/server';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { runOutcome } from '../../pipeline/run-report.js';
import { createProject } from '../../project/create-project.js';
import { TEST_KEY, testProject, testService } from '../../test-support/test-project.js';

// Every argument of a message with its type, every selector with its keys: what a message
// gives its caller, whatever the language.
function shape(elements: readonly MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal) continue;
    if (element.type === TYPE.pound) out.add('#');
    else if (element.type === TYPE.tag) {
      out.add(`<${element.value}>`);
      shape(element.children, out);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      out.add(`${element.value}:${TYPE[element.type]}`);
      for (const option of Object.values(element.options)) shape(option.value, out);
    } else out.add(`${element.value}:${TYPE[element.type]}`);
  }
  return out;
}

const SOURCE = {
  search: "No results for ''{term}''",
  brand: "Open '{'app'}' with {count, plural, one {# file} other {# files}}",
  hash: "Ticket #{id} and {n, plural, one {'#'1 of # item} other {'#'1 of # items}}",
  nested:
    '{hosts, plural, one {{guests, plural, one {# guest of one host} other {# guests of one host}}} other {{guests, plural, one {# guest of # hosts} other {# guests of # hosts}}}}',
  who: "{who, select, other {They''re in} female {She''s in}} <b>{place}</b>",
  seats:
    '{role, select, admin {{n, plural, one {# admin seat} other {# admin seats}}} other {{n, plural, =0 {No seats} other {# seats}}}}',
};

// A service that writes what translators write next to placeholders: quotes around them,
// braces and hashes as text, an apostrophe at the end of a form.
const quoting = {
  ...pseudoEngine,
  name: 'quoting',
  translate: (input: { texts: readonly string[] }) =>
    input.texts.map((text) => `${text.replace(/<x id="\d+"\/>/g, "'$&'")} {#}'`),
};

describe('an ICU catalog with quoting, through the main job', async () => {
  const service = await testService({ engine: quoting });
  const config = JSON.stringify({
    sourceLocale: 'en',
    targetLocales: ['de', 'pl'],
    files: [{ source: 'messages/{locale}.json' }],
  });

  it('writes messages that keep every argument, and status, check and translate agree', async () => {
    const project = await testProject({
      'transloom.config.json': config,
      'messages/en.json': `${JSON.stringify(SOURCE, null, 2)}\n`,
    });
    const engine = await createProject({
      cwd: project.root,
      service: { url: service.url, apiKey: TEST_KEY },
    });
    const run = await engine.translate();
    expect(run.failures).toEqual([]);
    for (const locale of ['de', 'pl']) {
      const written = JSON.parse(await project.read(`messages/${locale}.json`)) as Record<
        string,
        string
      >;
      for (const [key, source] of Object.entries(SOURCE)) {
        const message = written[key]!;
        expect(message, key).not.toBe(source);
        const ours = [...shape(parse(source))].sort();
        expect([key, [...shape(parse(message))].sort()]).toEqual([key, ours]);
      }
      // The argument is filled in, and the quotes the service wrote are text.
      expect(new IntlMessageFormat(written.search!, locale).format({ term: 'cat' })).toMatch(
        /'cat'/,
      );
      expect(
        new IntlMessageFormat(written.hash!, locale).format({ id: 7, n: 3 }) as string,
      ).toMatch(/'7'.*#1 .* \{#\}'$/);
    }
    for (const report of [await engine.status(), await engine.check()]) {
      expect(report.pending).toEqual([]);
      expect(report.files.outdated).toEqual([]);
      expect(report.locales.pl).toMatchObject({ new: 0, changed: 0, kept: 0, failed: 0 });
      expect(runOutcome(report)).toBe('done');
    }
    const again = await engine.translate();
    expect(again.locales.pl).toMatchObject({ translated: 0, reused: 0, kept: 0 });
    await engine.close();
  });

  it('fails a message it cannot write, leaves it out, and lists it in status and check', async () => {
    const project = await testProject({
      'transloom.config.json': config,
      'messages/en.json': JSON.stringify({
        ok: 'Saved',
        // `#` of a plural with an offset cannot print its number inside the select's branch.
        offset:
          '{n, plural, offset:1 other {You and # others {kind, select, mail {wrote} other {replied}}}}',
      }),
    });
    const engine = await createProject({
      cwd: project.root,
      service: { url: service.url, apiKey: TEST_KEY },
    });
    const run = await engine.translate({ locales: ['de'] });
    expect(run.failures.map((f) => [f.unit, f.reason])).toEqual([['offset', 'verification']]);
    expect(run.failures[0]!.message).toMatch(/has the arguments \[\] where the translation has/);
    // A catalog's target leaves out a unit without a translation (the app shows the source).
    const german = JSON.parse(await project.read('messages/de.json'));
    expect(german.offset).toBeUndefined();
    expect(german.ok).not.toBe('Saved');
    for (const report of [
      await engine.status({ locales: ['de'] }),
      await engine.check({ locales: ['de'] }),
    ])
      expect(report.pending.map((p) => [p.unit, p.state])).toEqual([['offset', 'new']]);
    await engine.close();
  });

  it('writes the ICU of XLIFF targets the same way (Symfony and Angular)', async () => {
    const unit = (id: string, source: string) =>
      `<trans-unit id="${id}"><source>${source}</source></trans-unit>`;
    const xliff = (units: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" datatype="plaintext" original="x"><body>${units}</body></file></xliff>\n`;
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['pl'],
        files: [
          { source: 'translations/messages+intl-icu.{locale}.xlf' },
          { source: 'src/locale/messages.xlf', target: 'src/locale/messages.{locale}.xlf' },
        ],
      }),
      'translations/messages+intl-icu.en.xlf': xliff(
        unit(
          'search',
          "No results for ''{term}'' in {n, plural, one {# folder} other {# folders}}",
        ),
      ),
      'src/locale/messages.xlf': xliff(
        unit(
          'files',
          `{VAR_PLURAL, plural, one {It''s <x id="INTERPOLATION"/>'s file} other {<x id="INTERPOLATION_1"/> files of <x id="INTERPOLATION"/>}}`,
        ),
      ),
    });
    const engine = await createProject({
      cwd: project.root,
      service: { url: service.url, apiKey: TEST_KEY },
    });
    const run = await engine.translate();
    expect(run.failures).toEqual([]);
    const symfony = await project.read('translations/messages+intl-icu.pl.xlf');
    const search = /<target[^>]*>([^<]*)<\/target>/.exec(symfony)![1]!;
    expect([...shape(parse(search.replaceAll('&apos;', "'")))].sort()).toEqual([
      '#',
      'n:plural',
      'term:argument',
    ]);
    const angular = await project.read('src/locale/messages.pl.xlf');
    expect(angular).toMatch(/<target[^>]*>\{VAR_PLURAL, plural, one \{/);
    for (const report of [await engine.status(), await engine.check()]) {
      expect(report.pending).toEqual([]);
      expect(report.locales.pl).toMatchObject({ new: 0, changed: 0, kept: 0, failed: 0 });
    }
    await engine.close();
  });
});
