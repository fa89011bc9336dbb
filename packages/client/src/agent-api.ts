import { AuthorizationError, LinkExpiredError } from './errors.js';
import { delay } from './http/delay.js';
import type { Transport } from './http/transport.js';
import type { CallOptions } from './translate/translate-api.js';
import { MAX_AGENT_POLLS_PER_MINUTE } from './wire/limits.js';
import type { AgentContentWire, AgentTaskWire, AgentTriggerResponseWire } from './wire/types.js';

/** A started task. */
export interface AgentTriggerResult {
  taskId: string;
  uiUrl: string;
  pollingUrl: string;
  lastModifiedDate: string;
}

/** One result artifact of a task. */
export interface AgentArtifact {
  artifactId: string;
  /** Presigned URL, valid five minutes. */
  contentUrl: string;
  name: string;
  description: string;
  schema: Record<string, unknown> | null;
}

/** A task's status; `result` is empty until it is completed. */
export interface AgentTask {
  taskId: string;
  status: string;
  lastModifiedDate: string;
  uiUrl: string;
  result: { response?: string; screenshot?: string; data?: unknown };
  resultData: AgentArtifact[];
}

/** Content behind a presigned link. */
export interface AgentContent {
  message: string;
  contentType: string;
  language: string;
}

/** Options of {@link AgentApi.waitForTask}. */
export interface WaitForTaskOptions extends CallOptions {
  /** First wait between polls; never below the 12-a-minute limit (5000 ms). */
  intervalMs?: number;
  /** Longest wait between polls as the interval backs off (default 60 000 ms). */
  maxIntervalMs?: number;
}

/** The shortest interval between polls that stays within the contract's rate limit. */
export const MIN_POLL_INTERVAL_MS = 60_000 / MAX_AGENT_POLLS_PER_MINUTE;

function toTask(wire: AgentTaskWire, taskId: string): AgentTask {
  return {
    taskId: wire.task_id ?? taskId,
    status: wire.status,
    lastModifiedDate: wire.last_modified_date,
    uiUrl: wire.ui_url,
    result: { ...wire.result },
    resultData: (wire.result_data ?? []).map((a) => ({
      artifactId: a.artifactId,
      contentUrl: a.contentUrl,
      name: a.name,
      description: a.description,
      schema: a.schema ?? null,
    })),
  };
}

/** Whether a task has finished, one way or another. */
export function isTaskDone(task: AgentTask): boolean {
  return task.status === 'Completed' || /fail|error|cancel/i.test(task.status);
}

/** Agent workflows (contract 4.6a, paid tier). */
export class AgentApi {
  constructor(private readonly transport: Transport) {}

  /** Starts a workflow with its input fields. Not retried after a timeout. */
  async trigger(
    workflowId: string,
    input: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<AgentTriggerResult> {
    const form = new FormData();
    form.set('workflow_request', JSON.stringify({ input }));
    const { data } = await this.transport.call<AgentTriggerResponseWire>({
      method: 'POST',
      path: `/v1/unstable/agent/workflows/${encodeURIComponent(workflowId)}/trigger`,
      form,
      idempotent: false,
      signal: options.signal,
    });
    return {
      taskId: data.task_id,
      uiUrl: data.ui_url,
      pollingUrl: data.polling_url,
      lastModifiedDate: data.last_modified_date,
    };
  }

  /** A task's status and, once completed, its result links. */
  async task(taskId: string, options: CallOptions = {}): Promise<AgentTask> {
    const { data } = await this.transport.call<AgentTaskWire>({
      method: 'GET',
      path: `/v1/unstable/agent/tasks/${encodeURIComponent(taskId)}`,
      signal: options.signal,
    });
    return toTask(data, taskId);
  }

  /**
   * Polls until the task is done: no faster than the 12-polls-a-minute limit, backing off by
   * half each time; a 429 is waited out as its `Retry-After` says.
   */
  async waitForTask(taskId: string, options: WaitForTaskOptions = {}): Promise<AgentTask> {
    let interval = Math.max(MIN_POLL_INTERVAL_MS, options.intervalMs ?? MIN_POLL_INTERVAL_MS);
    const maxInterval = Math.max(interval, options.maxIntervalMs ?? 60_000);
    for (;;) {
      const task = await this.task(taskId, options);
      if (isTaskDone(task)) return task;
      await delay(interval, options.signal);
      interval = Math.min(maxInterval, Math.round(interval * 1.5));
    }
  }

  /** Fetches the content behind a presigned link, without auth; a clear error once it has expired. */
  async fetchContent(url: string, options: CallOptions = {}): Promise<AgentContent> {
    const expires = Number(new URL(url).searchParams.get('expires'));
    if (Number.isFinite(expires) && expires > 0 && Date.now() > expires) {
      throw new LinkExpiredError(
        'This presigned link has expired (links are valid five minutes); poll the task again for fresh links',
      );
    }
    try {
      const { data } = await this.transport.call<AgentContentWire>({
        method: 'GET',
        path: new URL(url).pathname,
        url,
        auth: false,
        signal: options.signal,
      });
      return { message: data.message, contentType: data.content_type, language: data.language };
    } catch (error) {
      if (error instanceof AuthorizationError && /expired/i.test(error.message)) {
        throw new LinkExpiredError(`This presigned link has expired: ${error.message}`);
      }
      throw error;
    }
  }
}
