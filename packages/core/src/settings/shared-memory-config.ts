/** The shared translation memory as configured (`translationMemory.redis` and its neighbours). */
export interface SharedMemoryConfig {
  /** The Redis URL, or `true` for the one in `TRANSLOOM_REDIS_URL`. */
  redis: string | true;
  /** Prefix of every Redis key (default `transloom`). */
  prefix: string;
  /** The scope runs write into (default: the branch the CI system names, else `local`). */
  scope: string | undefined;
  /** Scopes read after the run's own (default: the default branch's). */
  readScopes: readonly string[] | undefined;
}
