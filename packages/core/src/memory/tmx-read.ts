import { FormatError } from '../document/diagnostics.js';
import { decodeSourceFile } from '../document/source-file.js';
import {
  childrenNamed,
  localName,
  parseXmlTree,
  tokenizeFragment,
  type XmlElement,
} from '../formats/xliff/xml-tree.js';
import type { TmxInline } from './tmx-segment.js';

/** One `<tuv>` of a TMX unit. */
export interface TmxVariant {
  /** Its `xml:lang` (or TMX 1.1's `lang`). */
  lang: string;
  pieces: TmxInline[];
  /** Where its `<seg>` starts (1-based). */
  line: number;
  column: number;
}

/** One `<tu>`. */
export interface TmxUnit {
  /** The source language: the unit's `srclang`, else the header's. */
  srclang: string | undefined;
  variants: TmxVariant[];
  line: number;
  column: number;
}

/** A TMX file as read. */
export interface TmxDocument {
  srclang: string | undefined;
  units: TmxUnit[];
}

// Inline elements whose content is the original code they stand for. `it` (an isolated half of a
// pair) and `ut` (an unknown code) become placeholders; `hi` and `sub` hold text and are read through.
const CODE_ELEMENTS = new Set(['ph', 'bpt', 'ept', 'it', 'ut']);

function langOf(element: XmlElement): string | undefined {
  return element.attributes['xml:lang'] ?? element.attributes.lang;
}

// The inline content of a <seg> as pieces.
function readSegment(text: string, seg: XmlElement): TmxInline[] {
  const pieces: TmxInline[] = [];
  let code:
    | { name: string; attributes: Record<string, string>; depth: number; text: string }
    | undefined;
  const pushText = (value: string) => {
    if (code) code.text += value;
    else if (pieces.at(-1)?.type === 'text') (pieces.at(-1) as { value: string }).value += value;
    else pieces.push({ type: 'text', value });
  };
  const endCode = (name: string, attributes: Record<string, string>, value: string) => {
    const kind = localName(name);
    if (kind === 'bpt')
      pieces.push({ type: 'bpt', i: attributes.i ?? '', x: attributes.x, code: value });
    else if (kind === 'ept') pieces.push({ type: 'ept', i: attributes.i ?? '', code: value });
    else pieces.push({ type: 'ph', x: attributes.x, code: value });
  };
  for (const token of tokenizeFragment(text, seg.innerStart, seg.innerEnd)) {
    if (token.type === 'text' || token.type === 'cdata') pushText(token.value);
    else if (token.type === 'comment') continue;
    else if (code) {
      // Markup inside a code (a <sub>'s tags) is part of no text; nested codes of the same name count.
      if (token.type === 'open' && token.name === code.name) code.depth++;
      if (token.type === 'close' && token.name === code.name && --code.depth === 0) {
        endCode(code.name, code.attributes, code.text);
        code = undefined;
      }
    } else if (CODE_ELEMENTS.has(localName(token.name))) {
      if (token.type === 'empty') endCode(token.name, token.attributes, '');
      else if (token.type === 'open')
        code = { name: token.name, attributes: token.attributes, depth: 1, text: '' };
    }
  }
  return pieces;
}

/**
 * Reads a TMX file (1.4b, and 1.1's `lang`) with the XML reader the XLIFF adapter uses
 * (fast-xml-parser, element offsets kept), so every unit and segment has its line and
 * column. A file that is not well-formed XML, or not TMX, is a FormatError with a position.
 */
export function readTmx(path: string, content: string | Uint8Array): TmxDocument {
  const file = decodeSourceFile(path, content);
  const { elements } = parseXmlTree(file);
  const root = elements.find((e) => localName(e.name) === 'tmx');
  if (!root)
    throw new FormatError(path, [
      {
        file: path,
        line: 1,
        column: 1,
        rule: 'tmx-root',
        severity: 'error',
        message: 'not a TMX file: it has no <tmx> element',
      },
    ]);
  const header = childrenNamed(root, 'header')[0];
  const srclang = header?.attributes.srclang;
  const units: TmxUnit[] = [];
  for (const body of childrenNamed(root, 'body'))
    for (const tu of childrenNamed(body, 'tu')) {
      const at = file.position(tu.start);
      const variants: TmxVariant[] = [];
      for (const tuv of childrenNamed(tu, 'tuv')) {
        const seg = childrenNamed(tuv, 'seg')[0];
        const lang = langOf(tuv);
        if (!seg || !lang) continue;
        const position = file.position(seg.start);
        variants.push({ lang, pieces: readSegment(file.text, seg), ...position });
      }
      units.push({ srclang: tu.attributes.srclang ?? srclang, variants, ...at });
    }
  return { srclang, units };
}
