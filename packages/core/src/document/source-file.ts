import { FormatError } from './diagnostics.js';

/** Encodings a file can be read in and written back to byte for byte. */
export type FileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'iso-8859-1';

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

// The encoding a file declares for itself: an XML declaration or an HTML <meta charset>.
function declaredEncoding(head: string): string | undefined {
  const xml = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1]!.toLowerCase();
  const meta = /<meta\s[^>]*charset\s*=\s*["']?([\w-]+)/i.exec(head);
  return meta ? meta[1]!.toLowerCase() : undefined;
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
  const encoding = ALIASES[declared];
  if (!encoding) {
    throw new FormatError(path, [
      {
        file: path,
        line: 1,
        column: 1,
        rule: 'unsupported-encoding',
        severity: 'error',
        message: `the file declares encoding '${declared}', which Transloom cannot write back; convert it to UTF-8`,
      },
    ]);
  }
  return makeFile(path, strictDecode(path, encoding, content), encoding, false);
}

function strictDecode(path: string, encoding: FileEncoding, bytes: Uint8Array): string {
  // WHATWG's "latin1" is windows-1252; ISO-8859-1 proper keeps every byte as its code point.
  if (encoding === 'iso-8859-1') return Buffer.from(bytes).toString('latin1');
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
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
  }
}

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
    case 'iso-8859-1': {
      // Latin-1 holds only U+0000..U+00FF. Files declare it only in XML and HTML, where any
      // other character is written as a numeric character reference instead of being lost.
      const safe = body.replace(
        /[^\u0000-\u00ff]/gu,
        (ch) => `&#x${ch.codePointAt(0)!.toString(16).toUpperCase()};`,
      );
      return new Uint8Array(Buffer.from(safe, 'latin1'));
    }
  }
}
