import {
  countCharacters,
  UNLIMITED_CHARACTERS,
  type UsageResponseWire,
} from '@transloom/client/wire';
import { HttpError } from './http/http-error.js';
import type { KeyRecord } from './store/key-store.js';
import {
  type UsageKind,
  type UsageStore,
  type UsageTotals,
  utcDay,
  utcMonth,
} from './store/usage-store.js';

function billable(totals: UsageTotals): number {
  return totals.translation + totals.improvement + totals.document;
}

/**
 * Character accounting (contract part 1, item 9): per key and per UTC calendar month.
 * Characters are charged before any work, in one synchronous step, so concurrent requests
 * overshoot a limit by at most one request's characters; a failed request is refunded.
 */
export class Accounting {
  constructor(
    private readonly usage: UsageStore,
    private readonly now: () => Date,
    private readonly accountLimit: number | null,
  ) {}

  /** A 456 when the key or the account has reached its limit for the month. */
  ensureAvailable(key: KeyRecord): void {
    const month = utcMonth(this.now());
    if (key.characterLimit !== null) {
      const used = billable(this.usage.totals(key.keyId, month.from, month.to));
      if (used >= key.characterLimit) {
        throw new HttpError(
          456,
          'Quota exceeded: this key has reached its character limit for the month',
        );
      }
    }
    if (this.accountLimit !== null) {
      const used = billable(this.usage.totals(null, month.from, month.to));
      if (used >= this.accountLimit) {
        throw new HttpError(
          456,
          'Quota exceeded: the account has reached its character limit for the month',
        );
      }
    }
  }

  /**
   * Records consumption without checking limits (the caller checked before the work); returns
   * the UTC day it was counted on.
   */
  record(keyId: string, kind: Exclude<UsageKind, 'speech'>, characters: number): string {
    const day = utcDay(this.now());
    this.usage.add(keyId, day, kind, characters);
    return day;
  }

  /** Charges `characters` to `key`; a 456 when the key or the account has reached its limit. */
  charge(key: KeyRecord, kind: Exclude<UsageKind, 'speech'>, characters: number): () => void {
    this.ensureAvailable(key);
    // A refund goes back to the day charged, even after midnight.
    const day = this.record(key.keyId, kind, characters);
    let refunded = false;
    return () => {
      if (refunded) return;
      refunded = true;
      this.usage.add(key.keyId, day, kind, -characters);
    };
  }

  /** Records speech-to-text time. */
  recordSpeech(keyId: string, milliseconds: number): void {
    if (milliseconds > 0)
      this.usage.add(keyId, utcDay(this.now()), 'speech', Math.round(milliseconds));
  }

  /** The `GET /v2/usage` answer for `key`. */
  report(key: KeyRecord): UsageResponseWire {
    const month = utcMonth(this.now());
    const report: UsageResponseWire = {
      character_count: billable(this.usage.totals(null, month.from, month.to)),
      character_limit: this.accountLimit ?? UNLIMITED_CHARACTERS,
    };
    if (key.characterLimit !== null) {
      report.api_key_character_count = billable(this.usage.totals(key.keyId, month.from, month.to));
      report.api_key_character_limit = key.characterLimit;
    }
    return report;
  }
}

/** Characters as billed: code points (shared with the client, which counts them before sending). */
export { countCharacters };
