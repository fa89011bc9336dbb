import * as core from '@actions/core';
import { createClient } from '@transloom/client';
import { TransloomError } from '@transloom/core';

/** A developer key made for one run, limited to its budget. */
export interface BudgetKey {
  keyId: string;
  key: string;
  /** Deactivates the key (permanent); safe to call more than once. */
  deactivate(): Promise<void>;
}

/**
 * Creates a developer key with a character limit through the admin API, so the service itself
 * refuses to bill more than the run's budget. Its secret is masked in the log at once; a key
 * whose limit cannot be set is deactivated before the error is thrown.
 */
export async function createBudgetKey(options: {
  apiUrl: string;
  adminKey: string;
  maxCharacters: number;
  label: string;
  signal?: AbortSignal;
}): Promise<BudgetKey> {
  const admin = createClient({ apiKey: options.adminKey, serverUrl: options.apiUrl }).admin.keys;
  // Not cancelled midway: a key the service made but whose answer was dropped could not be
  // deactivated. A cancellation is honored once the key is known (below).
  const created = await admin.create({ label: options.label });
  if (created.key) core.setSecret(created.key);
  let done: Promise<void> | undefined;
  const deactivate = () => {
    // Not tied to the run's signal: a cancelled run must still turn its key off.
    done ??= admin.deactivate(created.keyId).then(() => undefined);
    return done;
  };
  try {
    if (!created.key)
      throw new TransloomError(
        'TRANSLOOM_SERVICE',
        'the service returned no secret for the new key',
        {
          kind: 'service',
        },
      );
    await admin.setLimit(created.keyId, options.maxCharacters);
    options.signal?.throwIfAborted();
  } catch (error) {
    await deactivate().catch(() => {});
    throw error;
  }
  return { keyId: created.keyId, key: created.key, deactivate };
}
