import { createHash, randomUUID } from 'node:crypto';

/** SHA-256 of a key or token, hex: what is stored instead of the secret (keys are high-entropy). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The last characters of a secret that may be shown: at most 4, and at most a quarter of it. */
export function secretHint(secret: string): string {
  const chars = [...secret];
  const shown = Math.min(4, Math.floor(chars.length / 4));
  return shown === 0 ? '' : chars.slice(-shown).join('');
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
