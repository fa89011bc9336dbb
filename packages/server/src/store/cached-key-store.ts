import { LRUCache } from 'lru-cache';
import { hashSecret } from './hashing.js';
import type { CreatedKey, KeyKind, KeyRecord, KeyStore, KeyTier } from './key-store.js';

/** Options of {@link CachedKeyStore}. */
export interface KeyCacheOptions {
  /**
   * Milliseconds a found key is trusted without asking the store again: the longest a key
   * deactivated (or changed) by another replica keeps working here (default 1000; 0 keeps
   * nothing and asks the store every time).
   */
  ttlMs?: number;
  /** Keys kept at most (default 1024). */
  max?: number;
}

/** The default of {@link KeyCacheOptions.ttlMs}. */
export const DEFAULT_KEY_CACHE_TTL_MS = 1000;

/**
 * A {@link KeyStore} that remembers the keys requests authenticate with, by the hash of their
 * secret (the secret itself is never kept), so that a request costs no database query. A change
 * made through this store (deactivation, new label or limit) empties the cache at once; a
 * change made by another replica sharing the database is seen after at most `ttlMs`. Unknown
 * secrets are not remembered: a key created on another replica works here at once.
 */
export class CachedKeyStore implements KeyStore {
  private readonly found: LRUCache<string, KeyRecord> | null;
  // Counts changes begun here: a lookup that overlapped one may have read the old row.
  private generation = 0;

  constructor(
    private readonly inner: KeyStore,
    options: KeyCacheOptions = {},
  ) {
    const ttl = options.ttlMs ?? DEFAULT_KEY_CACHE_TTL_MS;
    // lru-cache reads a ttl of 0 as "forever": here it means no cache at all.
    this.found = ttl > 0 ? new LRUCache({ max: options.max ?? 1024, ttl }) : null;
  }

  async find(secret: string): Promise<KeyRecord | undefined> {
    if (!this.found) return this.inner.find(secret);
    const hash = hashSecret(secret);
    const cached = this.found.get(hash);
    if (cached) return cached;
    const generation = this.generation;
    const record = await this.inner.find(secret);
    // Shared by the requests that authenticate with it until it expires: frozen so none can
    // change what the others see. Not kept when a change here overlapped the lookup.
    if (record && generation === this.generation) this.found.set(hash, Object.freeze(record));
    return record;
  }

  byId(keyId: string): Promise<KeyRecord | undefined> {
    return this.inner.byId(keyId);
  }

  ensure(secret: string, kind: KeyKind, tier: KeyTier, now: Date): Promise<KeyRecord> {
    return this.changed(() => this.inner.ensure(secret, kind, tier, now));
  }

  create(label: string | undefined, now: Date): Promise<CreatedKey> {
    return this.inner.create(label, now);
  }

  listDevelopers(): Promise<KeyRecord[]> {
    return this.inner.listDevelopers();
  }

  rename(keyId: string, label: string): Promise<KeyRecord> {
    return this.changed(() => this.inner.rename(keyId, label));
  }

  setLimit(keyId: string, characters: number | null): Promise<KeyRecord> {
    return this.changed(() => this.inner.setLimit(keyId, characters));
  }

  deactivate(keyId: string, now: Date): Promise<KeyRecord> {
    return this.changed(() => this.inner.deactivate(keyId, now));
  }

  // Key changes are rare administrative steps: forgetting every key (rather than finding the
  // one changed) is simplest and cannot miss. Lookups under way meanwhile keep nothing (the
  // generation moves before and after), so none can put the old record back.
  private async changed<T>(change: () => Promise<T>): Promise<T> {
    this.generation++;
    this.found?.clear();
    try {
      return await change();
    } finally {
      this.generation++;
      this.found?.clear();
    }
  }
}
