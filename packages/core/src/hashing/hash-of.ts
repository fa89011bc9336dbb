import { createHash } from 'node:crypto';

/** A short, stable hash of some strings (SHA-256, 16 hex digits); parts are kept apart. */
export function hashOf(...parts: readonly string[]): string {
  return hashOfParts(parts);
}

/** {@link hashOf} of parts given one by one: for many parts, which spreading would overflow. */
export function hashOfParts(parts: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\u0000');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The SHA-256 of bytes (16 hex digits), for whole files. */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}
