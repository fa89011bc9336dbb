import { describe, expect, it } from 'vitest';
import { ConfigError, TooManyRequestsError } from '../errors.js';
import { createAdaptiveLimiter, type LimiterSlot } from './adaptive-limiter.js';

/** A task that holds its slot until the test says how it ended. */
function controlledTask() {
  let finish!: (outcome: 'ok' | 'refused') => void;
  let slot!: LimiterSlot;
  let started = false;
  const done = new Promise<'ok' | 'refused'>((resolve) => {
    finish = resolve;
  });
  return {
    get started() {
      return started;
    },
    get slot() {
      return slot;
    },
    finish,
    run: async (s: LimiterSlot) => {
      started = true;
      slot = s;
      const outcome = await done;
      if (outcome === 'refused') s.refused();
      else s.succeeded();
      return outcome;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createAdaptiveLimiter', () => {
  it('starts at the configured concurrency and never runs more tasks at once', async () => {
    const limiter = createAdaptiveLimiter({ concurrency: 3 });
    const tasks = Array.from({ length: 7 }, controlledTask);
    const all = tasks.map((t) => limiter.schedule(t.run));
    await tick();
    expect(tasks.filter((t) => t.started)).toHaveLength(3);
    expect(limiter).toMatchObject({ window: 3, active: 3, pending: 4 });
    for (const task of tasks) {
      task.finish('ok');
      await tick();
      expect(limiter.active).toBeLessThanOrEqual(3);
    }
    await Promise.all(all);
    expect(limiter).toMatchObject({ peakActive: 3, active: 0, pending: 0 });
  });

  it('halves once for one burst of refusals, again when most of the next round is refused', async () => {
    const changes: Array<[number, string]> = [];
    const limiter = createAdaptiveLimiter({
      concurrency: 8,
      onWindowChange: (window, reason) => changes.push([window, reason]),
    });
    const burst = Array.from({ length: 8 }, controlledTask);
    const runs = burst.map((t) => limiter.schedule(t.run));
    await tick();
    for (const task of burst) task.finish('refused');
    await Promise.all(runs);
    // Eight refusals of requests that were in flight together: one cut.
    expect(limiter.window).toBe(4);
    const next = Array.from({ length: 4 }, controlledTask);
    const more = next.map((t) => limiter.schedule(t.run));
    await tick();
    next[0]!.finish('refused');
    next[1]!.finish('refused');
    await tick();
    // Half of a round of four is not most of it.
    expect(limiter.window).toBe(4);
    next[2]!.finish('refused');
    await tick();
    expect(limiter.window).toBe(2);
    next[3]!.finish('refused');
    await Promise.all(more);
    expect(changes).toEqual([
      [4, 'refused'],
      [2, 'refused'],
    ]);
  });

  it('keeps its window while only a minority of each round is refused', async () => {
    const changes: number[] = [];
    const limiter = createAdaptiveLimiter({
      concurrency: 4,
      onWindowChange: (window) => changes.push(window),
    });
    // Ten rounds of four, one or two of each refused: a service that refuses a share of
    // requests whatever the load.
    for (let round = 0; round < 10; round++) {
      const tasks = Array.from({ length: 4 }, controlledTask);
      const runs = tasks.map((t) => limiter.schedule(t.run));
      await tick();
      for (const [i, task] of tasks.entries()) task.finish(i < 1 + (round % 2) ? 'refused' : 'ok');
      await Promise.all(runs);
    }
    expect(limiter.window).toBe(4);
    expect(changes).toEqual([]);
  });

  it('shrinks to 1 under sustained refusals and grows by one per window of successes, up to the maximum', async () => {
    const changes: number[] = [];
    const limiter = createAdaptiveLimiter({
      concurrency: 4,
      onWindowChange: (window) => changes.push(window),
    });
    const once = async (outcome: 'ok' | 'refused') => {
      const task = controlledTask();
      const run = limiter.schedule(task.run);
      await tick();
      task.finish(outcome);
      await run;
    };
    // Three of a round of four refused, then two of a round of two.
    for (let i = 0; i < 3; i++) await once('refused');
    expect(limiter.window).toBe(2);
    for (let i = 0; i < 2; i++) await once('refused');
    expect(limiter.window).toBe(1);
    // 1 success at a window of 1, 2 at 2, 3 at 3: 6 successes back to 4.
    for (let i = 0; i < 5; i++) await once('ok');
    expect(limiter.window).toBe(3);
    await once('ok');
    expect(limiter.window).toBe(4);
    for (let i = 0; i < 10; i++) await once('ok');
    expect(changes).toEqual([2, 1, 2, 3, 4]);
  });

  it('lends the slot of a task that waits to resend, and gives it back ahead of tasks not started', async () => {
    const limiter = createAdaptiveLimiter({ concurrency: 1 });
    const order: string[] = [];
    let resumeFirst!: () => Promise<void>;
    const first = limiter.schedule(async (slot) => {
      order.push('first sent');
      slot.pause();
      await new Promise<void>((resolve) => {
        resumeFirst = async () => {
          resolve();
        };
      });
      await slot.resume();
      order.push('first resent');
      slot.succeeded();
    });
    const gate = controlledTask();
    const second = limiter.schedule(async (slot) => {
      order.push('second sent');
      return gate.run(slot);
    });
    const third = limiter.schedule(async () => {
      order.push('third sent');
    });
    await tick();
    // The first task's wait let the second one in.
    expect(order).toEqual(['first sent', 'second sent']);
    await resumeFirst();
    await tick();
    expect(limiter.active).toBe(1);
    gate.finish('ok');
    await Promise.all([first, second, third]);
    expect(order).toEqual(['first sent', 'second sent', 'first resent', 'third sent']);
  });

  it('starts no new task while the service refuses at a window of 1, until a request gets through', async () => {
    const limiter = createAdaptiveLimiter({ concurrency: 1 });
    const started: number[] = [];
    let retry!: () => void;
    const refusedTwice = limiter.schedule(async (slot) => {
      started.push(0);
      slot.refused();
      slot.pause();
      await new Promise<void>((resolve) => {
        retry = resolve;
      });
      await slot.resume();
      slot.succeeded();
    });
    const others = [1, 2].map((n) =>
      limiter.schedule(async (slot) => {
        started.push(n);
        slot.succeeded();
      }),
    );
    await tick();
    // The slot is free, but the service refuses even one request at a time: nothing new starts.
    expect(limiter.active).toBe(0);
    expect(started).toEqual([0]);
    retry();
    await Promise.all([refusedTwice, ...others]);
    expect(started).toEqual([0, 1, 2]);
  });

  it('lets the next task start when the refused one gives up, so nothing waits forever', async () => {
    const limiter = createAdaptiveLimiter({ concurrency: 1 });
    const failed = limiter.schedule(async (slot) => {
      slot.refused();
      slot.pause();
      throw new Error('gave up');
    });
    const next = limiter.schedule(async () => 'ran');
    await expect(failed).rejects.toThrow('gave up');
    await expect(next).resolves.toBe('ran');
  });

  it('judges a task that does not report through its slot by how it ended', async () => {
    const limiter = createAdaptiveLimiter({ concurrency: 4 });
    const refusal = new TooManyRequestsError('busy', {
      method: 'POST',
      path: '/v2/translate',
      status: 429,
    });
    for (let i = 0; i < 3; i++) {
      await expect(
        limiter.schedule(async () => {
          throw refusal;
        }),
      ).rejects.toBe(refusal);
    }
    expect(limiter.window).toBe(2);
    await expect(
      limiter.schedule(async () => {
        throw new Error('not a refusal');
      }),
    ).rejects.toThrow();
    expect(limiter.window).toBe(2);
    await limiter.schedule(async () => 1);
    await limiter.schedule(async () => 2);
    expect(limiter.window).toBe(3);
  });

  it('stops waiting for a slot to resend when aborted', async () => {
    const limiter = createAdaptiveLimiter({ concurrency: 1 });
    const hold = controlledTask();
    const controller = new AbortController();
    const waiting = limiter.schedule(async (slot) => {
      slot.pause();
      await tick();
      await slot.resume(controller.signal);
    });
    const holding = limiter.schedule(hold.run);
    await tick();
    await tick();
    expect(limiter.pending).toBe(1);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    expect(limiter.pending).toBe(0);
    hold.finish('ok');
    await holding;
    expect(limiter.active).toBe(0);
  });

  it('refuses a concurrency that is not a positive integer', () => {
    for (const concurrency of [0, -1, 1.5, Number.NaN]) {
      expect(() => createAdaptiveLimiter({ concurrency })).toThrow(ConfigError);
    }
    expect(() => createAdaptiveLimiter({ concurrency: 0 })).toThrow(/concurrency must be/);
  });
});
