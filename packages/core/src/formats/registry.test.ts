import { describe, expect, it } from 'vitest';
import { formatAdapters } from './format-adapters.js';
import { detectFormat, FORMAT_NAMES, formatOfExtension, formatSpecs } from './registry.js';

describe('the format registry', () => {
  it('names each format once, with the adapter made from its spec', () => {
    for (const name of FORMAT_NAMES) {
      const spec = formatSpecs[name];
      const adapter = formatAdapters[name];
      expect(spec.name).toBe(name);
      expect({ name: adapter.name, kind: adapter.kind, extensions: adapter.extensions }).toEqual({
        name,
        kind: spec.kind,
        extensions: spec.extensions,
      });
    }
    expect(Object.keys(formatAdapters)).toEqual(FORMAT_NAMES);
  });

  it('maps a file extension to a format through the format’s own declaration', () => {
    // Every extension any spec declares, in any case, to the first format declaring it.
    for (const name of FORMAT_NAMES)
      for (const extension of formatSpecs[name].extensions) {
        expect(formatOfExtension(`a/b${extension}`)).toBe(name);
        expect(detectFormat(`a/b${extension.toUpperCase()}`, '')).toBe(name);
      }
    expect(detectFormat('a/b.txt', '')).toBeUndefined();
  });

  it('lets a format’s text say which of its kind it is (an XLIFF file’s version)', () => {
    expect(detectFormat('m.xlf', '<xliff version="2.0">')).toBe('xliff2');
    expect(detectFormat('m.xlf2', '<xliff version="1.2">')).toBe('xliff12');
    expect(detectFormat('m.xlf', '<xliff>')).toBe('xliff12');
  });
});
