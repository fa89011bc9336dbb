import { decode, encode } from '@msgpack/msgpack';
import type { VoiceServerMessageWire } from '@transloom/client/wire';

/** A decoded client message: one kind and its payload. */
export interface DecodedMessage {
  kind: string;
  payload: Record<string, unknown>;
}

/** Thrown for a frame that is not a valid protocol message. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** Encodes a server message for the session's format: JSON text frames or MessagePack binary frames. */
export function encodeMessage(
  format: 'json' | 'msgpack',
  message: VoiceServerMessageWire,
): string | Uint8Array {
  if (format === 'msgpack') return encode(message);
  return JSON.stringify(message, (_key, value) =>
    value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
  );
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes a client frame; binary fields come back as bytes whatever the format. */
export function decodeMessage(
  format: 'json' | 'msgpack',
  data: Buffer,
  isBinary: boolean,
): DecodedMessage {
  let value: unknown;
  if (format === 'json') {
    if (isBinary)
      throw new ProtocolError('this session uses message_format json: send TEXT frames');
    try {
      value = JSON.parse(data.toString('utf8'));
    } catch {
      throw new ProtocolError('the frame is not valid JSON');
    }
  } else {
    if (!isBinary)
      throw new ProtocolError('this session uses message_format msgpack: send BINARY frames');
    try {
      value = decode(data);
    } catch {
      throw new ProtocolError('the frame is not valid MessagePack');
    }
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    value instanceof Uint8Array
  ) {
    throw new ProtocolError('a message must be an object with exactly one key');
  }
  const keys = Object.keys(value);
  if (keys.length !== 1)
    throw new ProtocolError('a message must be an object with exactly one key');
  const kind = keys[0]!;
  const payload = (value as Record<string, unknown>)[kind];
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new ProtocolError(`the payload of '${kind}' must be an object`);
  }
  const fields = { ...(payload as Record<string, unknown>) };
  if (kind === 'source_media_chunk') {
    const raw = fields.data;
    if (format === 'json') {
      if (typeof raw !== 'string' || !BASE64.test(raw)) {
        throw new ProtocolError('source_media_chunk.data must be a base64 string');
      }
      fields.data = new Uint8Array(Buffer.from(raw, 'base64'));
    } else if (!(raw instanceof Uint8Array)) {
      throw new ProtocolError('source_media_chunk.data must be MessagePack binary');
    }
  }
  return { kind, payload: fields };
}
