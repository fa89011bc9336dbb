import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BODY_PIECE_BYTES, readBody } from './read-body.js';

function stream(chunks: readonly Buffer[]): PassThrough {
  const s = new PassThrough();
  for (const chunk of chunks) s.write(chunk);
  s.end();
  return s;
}

describe('readBody', () => {
  it('gathers a body into pieces of their own, each movable to a worker', async () => {
    const body = Buffer.alloc(BODY_PIECE_BYTES * 2 + 1000);
    for (let i = 0; i < body.length; i++) body[i] = i % 251;
    const chunks = [];
    for (let at = 0; at < body.length; at += 7000) chunks.push(body.subarray(at, at + 7000));
    const pieces = await readBody(stream(chunks), String(body.length), 10 * BODY_PIECE_BYTES);
    expect(Buffer.concat(pieces).equals(body)).toBe(true);
    expect(pieces.map((p) => p.byteLength)).toEqual([BODY_PIECE_BYTES, BODY_PIECE_BYTES, 1000]);
    for (const piece of pieces) {
      expect(piece.byteOffset).toBe(0);
      expect(piece.buffer.byteLength).toBe(piece.byteLength);
    }
  });

  it('takes a buffer no bigger than a small body, and reads a body of no declared length', async () => {
    const small = await readBody(stream([Buffer.from('{"a":'), Buffer.from('1}')]), '7', 1000);
    expect(small.map((p) => [p.toString(), p.buffer.byteLength])).toEqual([['{"a":1}', 7]]);
    const chunked = await readBody(stream([Buffer.from('ab'), Buffer.from('cd')]), undefined, 10);
    expect(Buffer.concat(chunked).toString()).toBe('abcd');
  });

  it('refuses a body over the limit by its Content-Length, before reading a byte', async () => {
    const s = stream([Buffer.from('x')]);
    await expect(readBody(s, '11', 10)).rejects.toMatchObject({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    expect(s.readableFlowing).toBeNull();
  });

  it('refuses a body that grows over the limit, and one that is not its Content-Length', async () => {
    const big = [Buffer.alloc(6), Buffer.alloc(6)];
    await expect(readBody(stream(big), undefined, 10)).rejects.toMatchObject({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    await expect(readBody(stream([Buffer.alloc(5)]), '6', 10)).rejects.toMatchObject({
      code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    });
  });

  it('answers a stream error as a bad request', async () => {
    const s = new PassThrough();
    const read = readBody(s, undefined, 10);
    s.destroy(new Error('aborted'));
    await expect(read).rejects.toMatchObject({ message: 'aborted', statusCode: 400 });
  });
});
