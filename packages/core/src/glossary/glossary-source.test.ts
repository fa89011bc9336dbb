import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { formatDiagnostic } from '../document/diagnostics.js';
import { GlossaryError, loadProjectGlossary } from './load-glossary.js';

describe('glossary files that are not what they should be', async () => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-glossary-source-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const config = (glossary: string, targets = ['de', 'ja']) =>
    resolveConfig(
      {
        sourceLocale: 'en',
        targetLocales: targets,
        files: [{ source: 'a/{locale}.json' }],
        glossary,
      },
      root,
    );
  const problems = async (glossary: string, targets?: string[]) => {
    const error = await loadProjectGlossary(config(glossary, targets)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GlossaryError);
    return (error as GlossaryError).message;
  };

  it('refuses a binary file by position, quoting none of it', async () => {
    await writeFile(
      join(root, 'image.csv'),
      Buffer.concat([
        Buffer.from('PNG-secret-header,abc\nline two '),
        Buffer.from([0, 1, 2, 0xff]),
      ]),
    );
    const message = await problems('image.csv');
    expect(message).toBe(
      'the glossary has problems:\nimage.csv:2:13: error: is not UTF-8 text (an invalid byte here); glossaries are UTF-8 CSV or TSV files [glossary-encoding]',
    );
    await writeFile(join(root, 'nul.csv'), Buffer.from('key,secret-value\nab\u0000cd,x\n'));
    expect(await problems('nul.csv')).toBe(
      'the glossary has problems:\nnul.csv:2:3: error: contains a NUL character, as binary files do; glossaries are UTF-8 CSV or TSV files [glossary-encoding]',
    );
  });

  it('quotes at most the offending cell, cut short, never a whole line', async () => {
    const secret = 'API_TOKEN=tok_live_0123456789abcdefghijklmnopqrstuvwxyz';
    await writeFile(
      join(root, 'dotenv.csv'),
      `${secret}\nDATABASE_URL=postgres://user:hunter2@db/prod,x,y\n\u001b[31mred,\u001b]0;title\u0007,en,de\n`,
    );
    const message = await problems('dotenv.csv');
    expect(message).not.toContain('tok_live');
    expect(message).not.toContain('hunter2');
    // Control characters reach no terminal: cells are JSON-quoted.
    expect(message).not.toContain('\u001b');
    expect(message).toContain('dotenv.csv:1:1: error: expected 2 fields');
    expect(message).toContain(
      'dotenv.csv:3:1: error: "\\u001b[31mred": the source phrase contains a control character',
    );
    await writeFile(join(root, 'long.tsv'), `${'x'.repeat(60)} \tZiel\n`);
    expect(await problems('long.tsv', ['de'])).toContain(
      `long.tsv:1:1: error: "${'x'.repeat(37)}...": the source phrase starts or ends with whitespace`,
    );
  });

  it('names a file that cannot be read by its error code, not its content or absolute path', async () => {
    expect(await problems('missing.csv')).toBe(
      'the glossary has problems:\nmissing.csv:1:1: error: does not exist [glossary-unreadable]',
    );
    expect(await problems('.')).toBe(
      'the glossary has problems:\n.:1:1: error: cannot be read (EISDIR) [glossary-unreadable]',
    );
  });

  it('reads a byte order mark and CRLF line breaks as nothing at all', async () => {
    await writeFile(join(root, 'bom.csv'), '\uFEFFen,de\r\nbranch,Zweig\r\n');
    const glossary = (await loadProjectGlossary(config('bom.csv', ['de'])))!;
    expect(glossary.dictionaries.get('de')!.entries).toEqual([
      { source: 'branch', target: 'Zweig' },
    ]);
    expect(glossary.warnings.map(formatDiagnostic)).toEqual([]);
  });
});
