import { decode, encode } from '@msgpack/msgpack';
import { VoiceStreamError } from '../errors.js';

/** Message format of a voice stream. */
export type VoiceMessageFormat = 'json' | 'msgpack';

// Written out because `btoa`/`atob` work on binary strings and Buffer is Node-only; this runs
// in browsers, Vite's dev server and Node alike.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Map([...ALPHABET].map((ch, i) => [ch, i]));

/** Standard base64 of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += ALPHABET[a >> 2]! + ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : ALPHABET[c & 63]!;
  }
  return out;
}

/** Bytes of standard base64; null when the text is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const ch of clean) {
    const digit = LOOKUP.get(ch);
    if (digit === undefined) return null;
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

function binaryToBase64(value: unknown): unknown {
  if (value instanceof Uint8Array) return bytesToBase64(value);
  if (Array.isArray(value)) return value.map(binaryToBase64);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, binaryToBase64(v)]));
  }
  return value;
}

/**
 * Encodes one voice message: JSON text (binary fields as base64) or MessagePack bytes (maps
 * with string keys, binary fields as raw bytes), as voice-protocol.md describes.
 */
export function encodeVoiceMessage(
  format: VoiceMessageFormat,
  message: object,
): string | Uint8Array {
  return format === 'msgpack' ? encode(message) : JSON.stringify(binaryToBase64(message));
}

/**
 * Decodes one frame into a message object. Binary fields stay as they travel: base64 strings
 * in JSON, bytes in MessagePack. Throws on a frame that is not valid for the format.
 */
export function decodeVoiceMessage(
  format: VoiceMessageFormat,
  data: string | ArrayBuffer | Uint8Array,
): unknown {
  if (format === 'json') {
    if (typeof data !== 'string')
      throw new VoiceStreamError('this stream uses message_format json: expected a TEXT frame');
    return JSON.parse(data);
  }
  if (typeof data === 'string')
    throw new VoiceStreamError('this stream uses message_format msgpack: expected a BINARY frame');
  return decode(data instanceof Uint8Array ? data : new Uint8Array(data));
}
