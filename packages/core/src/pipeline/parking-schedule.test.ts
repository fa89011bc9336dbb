import { createAdaptiveLimiter } from '@transloom/client';
import { describe, expect, it } from 'vitest';
import { parkingSchedule } from './parking-schedule.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A promise with its resolve function, to hold a task until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('parkingSchedule', () => {
  it('says parked while every request waits out a refusal, and no longer once one is sent again', async () => {
    const limiter = createAdaptiveLimiter({ concurrency: 2 });
    const told: boolean[] = [];
    const schedule = parkingSchedule(limiter.schedule, (parked) => told.push(parked));
    const retry = gate();
    const other = gate();
    const refused = schedule(async (slot) => {
      slot.refused();
      slot.pause();
      await retry.opened;
      await slot.resume();
      slot.succeeded();
    });
    // Still in flight: the sender is at work.
    const second = schedule(async () => {
      await other.opened;
    });
    await tick();
    expect(told).toEqual([]);
    other.open();
    await second;
    await tick();
    // Only the refused request is left, and it waits: parked.
    expect(told).toEqual([true]);
    retry.open();
    await refused;
    expect(told).toEqual([true, false]);
  });

  it('is not parked while a request waits for a slot', async () => {
    const limiter = createAdaptiveLimiter({ concurrency: 1 });
    const told: boolean[] = [];
    const schedule = parkingSchedule(limiter.schedule, (parked) => told.push(parked));
    const hold = gate();
    // Another sender holds the only slot: this sender's request waits for it.
    const elsewhere = limiter.schedule(async () => {
      await hold.opened;
    });
    const waiting = schedule(async () => {});
    await tick();
    expect(told).toEqual([]);
    hold.open();
    await Promise.all([elsewhere, waiting]);
    expect(told).toEqual([]);
  });
});
