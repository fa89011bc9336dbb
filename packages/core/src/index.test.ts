import { expect, it } from 'vitest';
import * as core from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
    [
      "FormatError",
      "MarkupMismatchError",
      "PLURAL_CATEGORIES",
      "SegmentBuilder",
      "SegmentError",
      "SegmentSyntaxError",
      "compareSegmentMarkup",
      "decodeSourceFile",
      "detectFormat",
      "encodeSourceText",
      "escapeSegmentText",
      "formatAdapters",
      "formatDiagnostic",
      "loadDocument",
      "mapSegmentText",
      "parseSegment",
      "pluralCategories",
      "renderSegment",
      "representativeNumber",
      "segmentIds",
      "segmentText",
      "serializeSegment",
      "spliceEdits",
    ]
  `);
});
