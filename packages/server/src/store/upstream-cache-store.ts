/**
 * What the gateway engine keeps where every replica finds it: answers of the upstream service
 * by a hash of everything that decides them, and the upstream copy of each dictionary version.
 */
export interface UpstreamCacheStore {
  /** The stored answers among `keys`. */
  answers(keys: readonly string[]): Promise<Map<string, string>>;
  /** Stores answers; an answer already stored under a key is kept (the first one wins). */
  saveAnswers(entries: ReadonlyArray<readonly [string, string]>, now: number): Promise<void>;
  /** The upstream glossary id of a dictionary version, or undefined. */
  glossary(dictionaryKey: string): Promise<string | undefined>;
  /**
   * Records the upstream glossary of a dictionary version; when another replica recorded one
   * first, returns that one (the caller deletes its own upstream copy).
   */
  saveGlossary(dictionaryKey: string, upstreamId: string, now: number): Promise<string>;
  /** Deletes answers stored before `before` (ms since the epoch); returns how many. */
  prune(before: number): Promise<number>;
  /** Forgets an upstream glossary that is gone there (only if it is still the one recorded). */
  forgetGlossary(dictionaryKey: string, upstreamId: string): Promise<void>;
}
