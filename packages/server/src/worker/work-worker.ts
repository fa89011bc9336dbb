import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { serializeError, Transfer, type WorkTaskName, workTasks } from './work-tasks.js';

/** A task sent to a worker. */
interface WorkMessage {
  id: number;
  task: WorkTaskName;
  payload: unknown;
}

async function runTask(message: WorkMessage): Promise<void> {
  parentPort!.postMessage({ id: message.id, started: true });
  try {
    const run = workTasks[message.task] as (payload: unknown) => unknown;
    const value = await run(message.payload);
    if (value instanceof Transfer)
      parentPort!.postMessage({ id: message.id, value: value.value }, value.list);
    else parentPort!.postMessage({ id: message.id, value });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: serializeError(error) });
  }
}

// How much lower than the event loop's thread a worker's thread is scheduled (a nice value).
const WORKER_NICENESS = 10;

// Bulk work (huge texts, dictionaries) yields the cores to the event loop's thread, which
// answers every small request: when workers and the loop want more CPU than there are cores,
// the loop is run first instead of waiting out the workers' time slices. On Linux a thread's
// priority is its own, so this lowers this worker's thread only; where the system does not
// allow it, the worker runs at the normal priority.
try {
  setPriority(WORKER_NICENESS);
} catch {}

// The worker entry: runs its tasks one at a time (an async one too), in the order received,
// and answers each by id. It says when it starts one, so that its time limit counts from then.
let previous = Promise.resolve();
parentPort!.on('message', (message: WorkMessage) => {
  previous = previous.then(() => runTask(message));
});
