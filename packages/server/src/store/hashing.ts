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

/** The version of a dictionary's TSV text: it changes whenever the content does. */
export function dictionaryVersion(tsv: string): string {
  return createHash('sha256').update(tsv).digest('base64url').slice(0, 22);
}
