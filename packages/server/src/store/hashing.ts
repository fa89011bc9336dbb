import { createHash, hash, randomUUID } from 'node:crypto';

/** SHA-256 of a key or token, hex: what is stored instead of the secret (keys are high-entropy). */
export function hashSecret(secret: string): string {
  // One-shot: no Hash object per call (every request's key is hashed to find it).
  return hash('sha256', secret, 'hex');
}

/**
 * What of a secret may be shown, as the contract's usage reports show a key: its first and
 * last characters only (none of a secret shorter than 8 characters).
 */
export function secretHint(secret: string): string {
  const chars = [...secret];
  return chars.length < 8 ? '' : `${chars[0]}${chars.at(-1)}`;
}

/** A key id in the contract's form: two GUIDs joined by ':'. */
export function newKeyId(): string {
  return `${randomUUID()}:${randomUUID()}`;
}

/**
 * The version of a text given in parts (the parts joined with '\n'): it changes whenever the
 * content does. Hashed part by part, so a 10 MB dictionary is never joined into one string.
 */
export function chunksVersion(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  parts.forEach((part, i) => {
    if (i > 0) hash.update('\n');
    hash.update(part);
  });
  return hash.digest('base64url').slice(0, 22);
}

/** The version of a dictionary's TSV text: it changes whenever the content does. */
export const dictionaryVersion = (tsv: string): string => chunksVersion([tsv]);
