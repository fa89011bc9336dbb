import { describe, expect, it } from 'vitest';
import { entriesFromResponse } from './glossaries-api.js';

describe('entries responses', () => {
  it('reads the v3 JSON wrapper and a bare TSV body alike', () => {
    const tsv = 'account\tKonto\nsign in\tanmelden';
    const expected = [
      { source: 'account', target: 'Konto' },
      { source: 'sign in', target: 'anmelden' },
    ];
    expect(
      entriesFromResponse({
        dictionaries: [
          { source_lang: 'en', target_lang: 'de', entries: tsv, entries_format: 'tsv' },
        ],
      }),
    ).toEqual(expected);
    expect(entriesFromResponse(`${tsv}\n`)).toEqual(expected);
    expect(entriesFromResponse({ dictionaries: [] })).toEqual([]);
  });
});
