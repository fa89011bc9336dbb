import iconv from 'iconv-lite';
import { FormatError } from './diagnostics.js';

/**
 * The encoding a file is stored in: UTF-8, UTF-16, or a legacy encoding its XML declaration
 * or `<meta charset>` names (`windows-1252`, `iso-8859-2`, `shift_jis`, ...; lower case).
 */
export type FileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'iso-8859-1' | (string & {});

/** A decoded text file and what is needed to write it back the same way. */
export interface SourceFile {
  path: string;
  /** The text without a byte order mark. */
  text: string;
  encoding: FileEncoding;
  bom: boolean;
  /** The line ending the file uses most: translated line breaks are written with it. */
  eol: '\n' | '\r\n';
  /** 1-based line and column of a text offset. */
  position(offset: number): { line: number; column: number };
}

const ALIASES: Readonly<Record<string, FileEncoding>> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'utf-16': 'utf-16le',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'iso-8859-1': 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  latin1: 'iso-8859-1',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
};

// Labels that name windows-1252 in HTML, as browsers read them (the WHATWG Encoding Standard).
const HTML_WINDOWS_1252 = new Set([
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'l1',
  'cp1252',
  'x-cp1252',
]);

// The encoding a file declares for itself: an XML declaration or an HTML <meta charset>.
function declaredEncoding(head: string): string | undefined {
  const xml = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1]!.toLowerCase();
  const meta = /<meta\s[^>]*charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  return meta && HTML_WINDOWS_1252.has(meta) ? 'windows-1252' : meta;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function makeFile(path: string, text: string, encoding: FileEncoding, bom: boolean): SourceFile {
  let starts: number[] | undefined;
  const crlf = text.split('\r\n').length - 1;
  const lf = text.split('\n').length - 1 - crlf;
  return {
    path,
    text,
    encoding,
    bom,
    eol: crlf > lf ? '\r\n' : '\n',
    position(offset) {
      starts ??= lineStarts(text);
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle]! <= offset) low = middle;
        else high = middle - 1;
      }
      return { line: low + 1, column: offset - starts[low]! + 1 };
    },
  };
}

/**
 * Decodes a file: UTF-8 with or without a BOM, UTF-16 with a BOM, or the encoding its XML
 * declaration or `<meta charset>` names when it is one that can be written back. Any other
 * encoding is refused with an error that names it.
 */
export function decodeSourceFile(path: string, content: string | Uint8Array): SourceFile {
  if (typeof content === 'string') {
    const bom = content.charCodeAt(0) === 0xfeff;
    return makeFile(path, bom ? content.slice(1) : content, 'utf-8', bom);
  }
  if (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf) {
    return makeFile(path, strictDecode(path, 'utf-8', content.subarray(3)), 'utf-8', true);
  }
  if (content[0] === 0xff && content[1] === 0xfe) {
    return makeFile(
      path,
      new TextDecoder('utf-16le').decode(content.subarray(2)),
      'utf-16le',
      true,
    );
  }
  if (content[0] === 0xfe && content[1] === 0xff) {
    return makeFile(
      path,
      new TextDecoder('utf-16be').decode(content.subarray(2)),
      'utf-16be',
      true,
    );
  }
  // The declaration is ASCII in every encoding this reads, so a latin1 peek finds it.
  const head = new TextDecoder('latin1').decode(content.subarray(0, 2048));
  const declared = declaredEncoding(head);
  if (declared === undefined)
    return makeFile(path, strictDecode(path, 'utf-8', content), 'utf-8', false);
  const encoding = ALIASES[declared] ?? (iconv.encodingExists(declared) ? declared : undefined);
  if (!encoding) {
    throw new FormatError(path, [
      {
        file: path,
        line: 1,
        column: 1,
        rule: 'unsupported-encoding',
        severity: 'error',
        message: `the file declares encoding '${declared}', which Transloom cannot read; convert it to UTF-8`,
      },
    ]);
  }
  return makeFile(path, strictDecode(path, encoding, content), encoding, false);
}

function strictDecode(path: string, encoding: FileEncoding, bytes: Uint8Array): string {
  // WHATWG's "latin1" is windows-1252; ISO-8859-1 proper keeps every byte as its code point.
  if (encoding === 'iso-8859-1') return Buffer.from(bytes).toString('latin1');
  const text = decodeOrUndefined(encoding, bytes);
  if (text === undefined)
    throw new FormatError(path, [
      {
        file: path,
        line: 1,
        column: 1,
        rule: 'invalid-encoding',
        severity: 'error',
        message: `the file is not valid ${encoding.toUpperCase()}; declare its encoding or convert it to UTF-8`,
      },
    ]);
  return text;
}

// The text of `bytes`, or undefined when they are not valid in `encoding`.
function decodeOrUndefined(encoding: FileEncoding, bytes: Uint8Array): string | undefined {
  try {
    if (encoding === 'utf-8' || encoding === 'utf-16le' || encoding === 'utf-16be')
      return new TextDecoder(encoding, { fatal: true }).decode(bytes);
    // A legacy encoding: iconv-lite has the tables (and writes them back, which TextDecoder
    // cannot); a byte sequence it cannot map would read as U+FFFD and be lost on writing.
    const text = iconv.decode(Buffer.from(bytes), encoding);
    if (text.includes('\ufffd') && !iconv.encode(text, encoding).equals(Buffer.from(bytes)))
      return undefined;
    return text;
  } catch {
    return undefined;
  }
}

// The `<meta charset>` (or `http-equiv` content type) of an HTML text, to name UTF-8 instead.
const META_CHARSET = /(<meta\s[^>]*charset\s*=\s*["']?)([\w-]+)/i;

/** Encodes rendered text the way the source file was stored (encoding and BOM). */
export function encodeSourceText(
  file: Pick<SourceFile, 'encoding' | 'bom'>,
  text: string,
): Uint8Array {
  const body = file.bom ? `\ufeff${text}` : text;
  switch (file.encoding) {
    case 'utf-8':
      return new TextEncoder().encode(body);
    case 'utf-16le':
      return new Uint8Array(Buffer.from(body, 'utf16le'));
    case 'utf-16be': {
      const bytes = Buffer.from(body, 'utf16le');
      bytes.swap16();
      return new Uint8Array(bytes);
    }
    default: {
      // A legacy encoding holds the text when every character survives the round trip. When
      // one does not (a Japanese translation of a windows-1252 page), an HTML page is written
      // as UTF-8 with its `<meta charset>` saying so; XML keeps its encoding and writes the
      // character as a numeric reference, which every XML reader takes.
      const encoded = legacyEncode(body, file.encoding);
      if (encoded) return encoded;
      if (META_CHARSET.test(body))
        return new TextEncoder().encode(body.replace(META_CHARSET, '$1utf-8'));
      const referenced = body.replace(/[^\u0000-\u007f]/gu, (ch) =>
        legacyEncode(ch, file.encoding)
          ? ch
          : `&#x${ch.codePointAt(0)!.toString(16).toUpperCase()};`,
      );
      return legacyEncode(referenced, file.encoding) ?? new TextEncoder().encode(referenced);
    }
  }
}

// The text in a single- or multi-byte legacy encoding, or undefined when a character has no
// place in it.
function legacyEncode(text: string, encoding: string): Uint8Array | undefined {
  const bytes =
    encoding === 'iso-8859-1' ? Buffer.from(text, 'latin1') : iconv.encode(text, encoding);
  const back = encoding === 'iso-8859-1' ? bytes.toString('latin1') : iconv.decode(bytes, encoding);
  return back === text ? new Uint8Array(bytes) : undefined;
}
