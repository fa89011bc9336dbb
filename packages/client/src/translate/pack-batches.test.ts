import { describe, expect, it } from 'vitest';
import { LimitError } from '../errors.js';
import { bodySize, jsonStringBytes, packBatches } from './pack-batches.js';

describe('packBatches', () => {
  const rest = { target_lang: 'DE', source_lang: 'EN', tag_handling: 'xml' };

  it('measures the exact bytes of the body it packs', () => {
    const texts = ['plain', 'quote " and \\ backslash', 'ünïcödé 😀', 'line\nbreak', '<x id="1"/>'];
    for (const batch of packBatches(texts, rest)) {
      const body = JSON.stringify({ text: texts.slice(batch.start, batch.end), ...rest });
      expect(batch.bytes).toBe(new TextEncoder().encode(body).length);
    }
    expect(bodySize(rest, [])).toBe(JSON.stringify({ text: [], ...rest }).length);
  });

  it('fills requests up to 50 texts or the byte limit, in order', () => {
    const short = Array.from({ length: 120 }, (_, i) => `t${i}`);
    expect(packBatches(short, rest).map((b) => b.end - b.start)).toEqual([50, 50, 20]);
    const long = Array.from({ length: 10 }, () => 'x'.repeat(40_000));
    const batches = packBatches(long, rest);
    expect(batches.map((b) => b.end - b.start)).toEqual([3, 3, 3, 1]);
    for (const b of batches) expect(b.bytes).toBeLessThanOrEqual(131_072);
    expect(batches.map((b) => b.start)).toEqual([0, 3, 6, 9]);
  });

  it('refuses a text that cannot fit alone, naming it', () => {
    expect(() => packBatches(['ok', 'x'.repeat(131_072)], rest)).toThrow(LimitError);
    expect(() => packBatches(['ok', 'x'.repeat(131_072)], rest)).toThrow(/text 1/);
  });

  it('counts JSON string bytes without serializing plain texts', () => {
    for (const text of [
      '',
      'plain',
      'tab\t',
      'quote"',
      'back\\slash',
      'ünï',
      '😀',
      '\ud800 lone',
      '\u2028',
      '<b>&amp;</b>',
    ]) {
      expect(jsonStringBytes(text)).toBe(new TextEncoder().encode(JSON.stringify(text)).length);
    }
  });
});
