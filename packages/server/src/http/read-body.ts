import type { Readable } from 'node:stream';
import { errorCodes } from 'fastify';

/** Size of the pieces a body is gathered into. */
export const BODY_PIECE_BYTES = 256 * 1024;

/**
 * Reads a request body of at most `limit` bytes into pieces of {@link BODY_PIECE_BYTES}, each
 * a buffer of its own, copied into as the bytes arrive. Fastify's own reader keeps the socket's
 * chunks and joins them in one copy at the end, which for a 10 MB glossary holds the event loop
 * for tens of milliseconds; here the copying is spread over the reads, and the pieces move to
 * a worker without a copy. The limit is enforced like fastify's: on the Content-Length before a
 * byte is read, then on the bytes received; a body shorter or longer than its Content-Length
 * is refused.
 */
export function readBody(
  payload: Readable,
  contentLength: string | undefined,
  limit: number,
): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const declared = contentLength === undefined ? Number.NaN : Number(contentLength);
    if (declared > limit) {
      reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    const pieces: Buffer[] = [];
    let piece: Buffer | undefined;
    let used = 0;
    let placed = 0; // bytes in the pieces
    let received = 0;
    // A piece is no bigger than what the body says is left (a small body takes a small buffer).
    const nextSize = () => {
      const left = declared - placed;
      return left > 0 ? Math.min(BODY_PIECE_BYTES, left) : BODY_PIECE_BYTES;
    };
    const finish = (error?: Error) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      if (error) reject(error);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.byteLength;
      if (received > limit) {
        finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      let offset = 0;
      while (offset < bytes.byteLength) {
        if (!piece || used === piece.byteLength) {
          if (piece) pieces.push(piece);
          // A buffer of its own (never a slice of Node's shared pool), so it can be moved.
          piece = Buffer.allocUnsafeSlow(nextSize());
          used = 0;
        }
        const copied = bytes.copy(piece, used, offset);
        used += copied;
        placed += copied;
        offset += copied;
      }
    };
    const onEnd = () => {
      finish();
      if (!Number.isNaN(declared) && received !== declared) {
        reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      if (piece && used > 0)
        pieces.push(used === piece.byteLength ? piece : Buffer.from(piece.subarray(0, used)));
      resolve(pieces);
    };
    const onError = (error: Error & { statusCode?: number }) => {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400))
        error.statusCode = 400;
      finish(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
