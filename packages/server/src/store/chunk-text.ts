/** Target size of one stored chunk of a dictionary: small enough to write or read at once. */
export const CHUNK_BYTES = 256 * 1024;

const encoder = new TextEncoder();

/**
 * Joins lines with `\n` into UTF-8 chunks of whole lines, each about {@link CHUNK_BYTES} (a
 * longer line makes a chunk of its own); the text is the chunks joined with `\n`. Each chunk
 * has a buffer of its own, so it can be handed to another thread without a copy.
 */
export function chunkLines(lines: Iterable<string>, limit = CHUNK_BYTES): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let part: string[] = [];
  let size = 0;
  for (const line of lines) {
    // A UTF-16 unit is at most 3 UTF-8 bytes: a cheap bound instead of encoding twice.
    const bound = line.length * 3 + 1;
    if (part.length > 0 && size + bound > limit) {
      chunks.push(encoder.encode(part.join('\n')));
      part = [];
      size = 0;
    }
    part.push(line);
    size += bound;
  }
  if (part.length > 0) chunks.push(encoder.encode(part.join('\n')));
  return chunks;
}

/** Splits a stored text (e.g. a dictionary's TSV) into chunks of whole lines. */
export function chunkText(text: string, limit = CHUNK_BYTES): Uint8Array[] {
  return text === '' ? [] : chunkLines(text.split('\n'), limit);
}
