import { TransloomError } from '@transloom/client/errors';
import {
  base64ToBytes,
  decodeVoiceMessage,
  encodeVoiceMessage,
  type VoiceServerMessageWire,
} from '@transloom/client/wire';

/** A decoded client message: one kind and its payload. */
export interface DecodedMessage {
  kind: string;
  payload: Record<string, unknown>;
}

/** Thrown for a frame that is not a valid protocol message. */
export class ProtocolError extends TransloomError {
  override readonly name = 'ProtocolError';

  constructor(message: string) {
    super('TRANSLOOM_VOICE_PROTOCOL', message, { kind: 'user' });
  }
}

/** Encodes a server message for the session's format: JSON text frames or MessagePack binary frames. */
export function encodeMessage(
  format: 'json' | 'msgpack',
  message: VoiceServerMessageWire,
): string | Uint8Array {
  return encodeVoiceMessage(format, message);
}

/** Decodes and checks a client frame; binary fields come back as bytes whatever the format. */
export function decodeMessage(
  format: 'json' | 'msgpack',
  data: Buffer,
  isBinary: boolean,
): DecodedMessage {
  let value: unknown;
  try {
    value = decodeVoiceMessage(format, isBinary ? new Uint8Array(data) : data.toString('utf8'));
  } catch (error) {
    throw new ProtocolError(
      `the frame is not a valid ${format} message: ${(error as Error).message}`,
    );
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
      const bytes = typeof raw === 'string' ? base64ToBytes(raw) : null;
      if (!bytes) throw new ProtocolError('source_media_chunk.data must be a base64 string');
      fields.data = bytes;
    } else if (!(raw instanceof Uint8Array)) {
      throw new ProtocolError('source_media_chunk.data must be MessagePack binary');
    }
  }
  return { kind, payload: fields };
}
