import { parentPort } from 'node:worker_threads';
import { serializeError, Transfer, type WorkTaskName, workTasks } from './work-tasks.js';

/** A task sent to a worker. */
interface WorkMessage {
  id: number;
  task: WorkTaskName;
  payload: unknown;
}

// The worker entry: runs the task the pool hands it (one at a time) and answers by id. It says
// when it starts, so that the task's time limit counts from then.
parentPort!.on('message', async (message: WorkMessage) => {
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
});
