import { pushTo } from '../collections/group-by.js';
import { type Lock, type LockedFile, packedLockedFile } from '../lock/lock-file.js';
import {
  nextLock,
  nextLockedFile,
  type SettledTarget,
  settledTarget,
  type WrittenTarget,
} from './next-lock.js';
import type { FilePlan } from './plan-project.js';

/**
 * What a run will record in the lock, gathered target by target. A source file whose every
 * locale of the run is settled gets its lock record at once, and its parsed document, unit
 * hashes, target bytes and targets' results are let go: a big run holds a source's parse tree
 * until its last locale is written, not until the lock is.
 */
export interface LockLedger {
  /**
   * A target of `plan` in one locale of the run is settled: written (or not) as `target` says,
   * or, without `target`, not worked on (its existing target cannot be read, or a shard writes none).
   */
  settled(plan: FilePlan, target?: WrittenTarget): void;
  /** The lock after the run, for the locales that ran (`done`, in the order they started). */
  next(done: readonly string[], glossary: Lock['glossary'], untouched: readonly string[]): Lock;
  /** How many parsed source documents the run still holds. */
  documents(): number;
}

/** A ledger for a run of `locales` over `plans`, against the lock it started from. */
export function createLockLedger(
  lock: Lock,
  plans: readonly FilePlan[],
  locales: readonly string[],
): LockLedger {
  const written = new Map<FilePlan, SettledTarget[]>();
  const records = new Map<FilePlan, LockedFile | undefined>();
  // Locales still to settle, per file whose record can be made before the run ends: one that
  // every locale of the run works on. Such a file is settled only once every locale has
  // started, so the locales that ran (what the lock carries records over by) are all of them.
  // A file some locale of the run does not target waits for the end of the run, where a run
  // stopped early knows which locales ran.
  const open = new Map<FilePlan, number>();
  for (const plan of plans)
    if (plan.doc && locales.every((l) => plan.file.locales.includes(l)))
      open.set(plan, locales.length);
  const inRun = new Set(locales);
  return {
    settled(plan, target) {
      if (target) pushTo(written, plan, settledTarget(target));
      const left = open.get(plan);
      if (left === undefined) return;
      if (left > 1) {
        open.set(plan, left - 1);
        return;
      }
      open.delete(plan);
      // Held as its lock lines until the lock is written.
      const record = nextLockedFile(lock, plan, written.get(plan) ?? [], inRun);
      records.set(plan, record && packedLockedFile(plan.file.source, record));
      written.delete(plan);
      release(plan);
    },
    next(done, glossary, untouched) {
      const rest = plans.filter((plan) => !records.has(plan));
      const next = nextLock(lock, rest, written, done, glossary, untouched);
      for (const [plan, record] of records) if (record) next.files.set(plan.file.source, record);
      return next;
    },
    documents: () => plans.filter((plan) => plan.doc !== undefined).length,
  };
}

// Lets go of what a settled file's plan holds: its record is made, and nothing reads it again.
function release(plan: FilePlan): void {
  plan.doc = undefined;
  plan.sourceBytes = undefined;
  plan.sourceHashes = new Map();
  plan.texts = new Map();
  plan.targets = new Map();
  plan.locales = [];
}
