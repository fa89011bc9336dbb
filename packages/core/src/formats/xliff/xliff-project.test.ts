import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testProject, testService } from '../../test-support/test-project.js';
import { loadDocument } from '../load-document.js';

const fixture = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../../../../fixtures/formats/${name}`, import.meta.url)),
    'utf8',
  );

const config = JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de'],
  files: [{ source: 'translations/messages+intl-icu.{locale}.xlf' }],
});

describe('a Symfony project through the main job', async () => {
  const server = await testService();
  const sent = () =>
    server
      .faults!.requests.splice(0)
      .filter((r) => r.path === '/v2/translate')
      .reduce((n, r) => n + (r.texts ?? 0), 0);

  it('translates the English targets, not the keys, and a second run sends nothing', async () => {
    const project = await testProject({
      'transloom.config.json': config,
      'translations/messages+intl-icu.en.xlf': fixture('xliff12/symfony-messages+intl-icu.en.xlf'),
    });
    sent();
    const first = await project.run(server);
    expect(first.locales.de!.failed).toBe(0);
    expect(sent()).toBeGreaterThan(0);
    const german = await project.read('translations/messages+intl-icu.de.xlf');
    expect(german).toContain('target-language="de"');
    expect(german).toContain('<source>app.login.title</source>');
    expect(german).not.toContain('<target>Sign in to your account</target>');
    // What the service got was the text, with arguments and markup as placeholders.
    const document = loadDocument({
      path: 'messages+intl-icu.de.xlf',
      content: german,
      options: { text: 'target' },
    });
    const terms = document.units.find((u) => u.id === 'Kq0Zs3m')!;
    expect(terms.segment).toMatch(/<g id="1">.+<\/g>.*<g id="2">.+<\/g>/);
    expect(german).toContain('<a href="{terms_url}" target="_blank">');
    expect(german).toContain('{count, plural, =0 {');

    const second = await project.run(server);
    expect(sent()).toBe(0);
    expect(second.locales.de!.failed).toBe(0);
    expect(await project.read('translations/messages+intl-icu.de.xlf')).toBe(german);
  });

  it("keeps a person's correction in the German target", async () => {
    const project = await testProject({
      'transloom.config.json': config,
      'translations/messages+intl-icu.en.xlf': fixture('xliff12/symfony-messages+intl-icu.en.xlf'),
    });
    await project.run(server);
    const path = 'translations/messages+intl-icu.de.xlf';
    const german = await project.read(path);
    const edited = german.replace(
      /(<source>app\.login\.title<\/source>\s*<target[^>]*>)[^<]*/,
      '$1Melden Sie sich an',
    );
    expect(edited).not.toBe(german);
    await project.write(path, edited);
    sent();
    const run = await project.run(server);
    expect(sent()).toBe(0);
    expect(run.locales.de!.kept).toBe(1);
    expect(await project.read(path)).toContain('>Melden Sie sich an</target>');
  });
});
