import type { LimiterSchedule, LimiterSlot } from '@transloom/client';

/**
 * Wraps a limiter's schedule to tell when the requests sent through it are parked: at least
 * one is waiting out a refusal (`Retry-After` or a backoff) and none is waiting for a slot or
 * in flight. Parked requests hold no place in the limiter, so whoever sent them uses none of
 * the service's capacity until one of them is sent again. `onParked` is called each time that
 * changes.
 */
export function parkingSchedule(
  schedule: LimiterSchedule,
  onParked: (parked: boolean) => void,
): LimiterSchedule {
  // Requests waiting for a slot or in flight, and requests waiting to be sent again.
  let busy = 0;
  let waiting = 0;
  let parked = false;
  const update = () => {
    const now = busy === 0 && waiting > 0;
    if (now === parked) return;
    parked = now;
    onParked(parked);
  };
  return (task) => {
    busy++;
    let paused = false;
    // Moves this request between busy and waiting.
    const mark = (pause: boolean) => {
      if (pause === paused) return;
      paused = pause;
      busy += pause ? -1 : 1;
      waiting += pause ? 1 : -1;
      update();
    };
    return schedule((slot) => {
      const watched: LimiterSlot = {
        refused: () => slot.refused(),
        succeeded: () => slot.succeeded(),
        pause: () => {
          slot.pause();
          mark(true);
        },
        resume: async (signal) => {
          mark(false);
          await slot.resume(signal);
        },
      };
      return task(watched);
    }).finally(() => {
      if (paused) waiting--;
      else busy--;
      update();
    });
  };
}
