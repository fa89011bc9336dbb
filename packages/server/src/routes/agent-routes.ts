import { randomUUID } from 'node:crypto';
import {
  type AgentArtifactWire,
  type AgentTaskWire,
  MAX_AGENT_POLLS_PER_MINUTE,
  PRESIGNED_LINK_TTL_MS,
} from '@transloom/client/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONTENT_PATH,
  presignPath,
  presignTaskPage,
  TASK_PAGE_PATH,
  taskPageSubject,
  verifySignature,
} from '../agent/presigned-links.js';
import type { TaskRunner } from '../agent/task-runner.js';
import { authenticate } from '../http/auth.js';
import { badRequest, forbidden, HttpError, notFound } from '../http/http-error.js';
import { Params } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import type { KeyRecord } from '../store/key-store.js';
import { TASK_COMPLETED, type TaskRecord } from '../store/task-store.js';

const TASKS_PATH = '/v1/unstable/agent/tasks/';
const MAX_WORKFLOW_REQUEST_BYTES = 1024 * 1024;

// ISO 8601 with microseconds and an offset, as the contract shows it.
function modifiedDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

async function readWorkflowRequest(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send multipart/form-data with a 'workflow_request' field`);
  }
  let raw: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fieldSize: MAX_WORKFLOW_REQUEST_BYTES, files: 0 },
    })) {
      if (part.type === 'field' && part.fieldname === 'workflow_request') raw = String(part.value);
    }
  } catch (error) {
    throw badRequest(`The multipart body is malformed: ${(error as Error).message}`);
  }
  if (raw === undefined) throw badRequest(`Field 'workflow_request' is required`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw badRequest(`Field 'workflow_request' is not valid JSON: ${(error as Error).message}`);
  }
  const input = (parsed as { input?: unknown } | null)?.input;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest(`Field 'workflow_request' must be a JSON object whose 'input' is an object`);
  }
  return input as Record<string, unknown>;
}

/** Counts status polls per address over a sliding minute. */
class PollLimiter {
  private readonly polls = new Map<string, number[]>();

  /** Records a poll, or returns the seconds to wait when the address is over the limit. */
  take(address: string, now: number): number | null {
    const recent = (this.polls.get(address) ?? []).filter((t) => t > now - 60_000);
    if (recent.length >= MAX_AGENT_POLLS_PER_MINUTE) {
      this.polls.set(address, recent);
      return Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000));
    }
    recent.push(now);
    this.polls.set(address, recent);
    return null;
  }
}

/** Contract 4.6a: agent workflows, tasks and presigned result links. */
export function registerAgentRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  runner: TaskRunner,
): void {
  const limiter = new PollLimiter();

  // A presigned link's `expires` and `signature`, checked for `subject`: false when the link
  // carries neither, a 403 when its signature does not match or it has expired.
  async function signedLink(
    query: unknown,
    subject: string,
    expiredMessage: string,
  ): Promise<boolean> {
    const params = new Params(query);
    const expires = params.integer('expires', { min: 0 });
    const signature = params.string('signature');
    if (expires === undefined || signature === undefined) return false;
    if (!verifySignature(ctx.signingKey, subject, expires, signature))
      throw forbidden('This link is not valid: its signature does not match');
    if (ctx.now().getTime() > expires) throw forbidden(expiredMessage);
    return true;
  }

  // A task belongs to the key that triggered it; admin keys of the account see every task.
  // Anyone else is told it does not exist, so task ids cannot be probed.
  async function ownedTask(taskId: string, key: KeyRecord): Promise<TaskRecord> {
    const task = await ctx.tasks.get(taskId);
    if (!task || (task.keyId !== key.keyId && key.kind !== 'admin'))
      throw notFound(`Task not found: '${taskId}'`);
    return task;
  }

  // Links are built from the configured public URL, never from the request's Host header.
  async function uiUrl(taskId: string): Promise<string> {
    const expires = ctx.now().getTime() + PRESIGNED_LINK_TTL_MS;
    return `${ctx.publicUrl()}${presignTaskPage(ctx.signingKey, taskId, expires)}`;
  }

  async function taskWire(task: TaskRecord): Promise<AgentTaskWire> {
    const base = ctx.publicUrl();
    const wire: AgentTaskWire = {
      task_id: task.taskId,
      status: task.status,
      last_modified_date: modifiedDate(task.lastModified),
      ui_url: await uiUrl(task.taskId),
      result: {},
      result_data: [],
    };
    if (task.status !== TASK_COMPLETED) return wire;
    const expires = ctx.now().getTime() + PRESIGNED_LINK_TTL_MS;
    for (const artifact of await ctx.tasks.artifacts(task.taskId)) {
      const url = `${base}${presignPath(ctx.signingKey, artifact.artifactId, expires)}`;
      if (artifact.role === 'response') wire.result = { response: url, data: null };
      wire.result_data.push({
        artifactId: artifact.artifactId,
        contentUrl: url,
        name: artifact.name,
        description: artifact.description,
        schema: artifact.schema,
      } satisfies AgentArtifactWire);
    }
    return wire;
  }

  app.post<{ Params: { workflowId: string } }>(
    '/v1/unstable/agent/workflows/:workflowId/trigger',
    { config: { access: 'paid' } },
    async (request) => {
      const workflow = ctx.workflows.get(request.params.workflowId);
      if (!workflow) throw notFound(`Workflow not found: '${request.params.workflowId}'`);
      const input = await readWorkflowRequest(request);
      const problem = workflow.validate?.(input) ?? null;
      if (problem) throw badRequest(`Workflow '${workflow.id}': ${problem}`);
      const task = await runner.trigger({
        taskId: randomUUID(),
        workflowId: workflow.id,
        keyId: request.apiKey.keyId,
        input,
        createdAt: ctx.now().getTime(),
      });
      return {
        task_id: task.taskId,
        ui_url: await uiUrl(task.taskId),
        polling_url: `${TASKS_PATH}${task.taskId}`,
        last_modified_date: modifiedDate(task.lastModified),
      };
    },
  );

  app.get<{ Params: { taskId: string } }>(
    `${TASKS_PATH}:taskId`,
    { config: { access: 'paid', allowAdmin: true } },
    async (request) => {
      const wait = limiter.take(request.ip, ctx.now().getTime());
      if (wait !== null) {
        throw new HttpError(
          429,
          `Task status polled more than ${MAX_AGENT_POLLS_PER_MINUTE} times a minute from this address; retry in ${wait} s`,
          { headers: { 'retry-after': String(wait) } },
        );
      }
      return taskWire(await ownedTask(request.params.taskId, request.apiKey));
    },
  );

  app.get<{ Params: { artifactId: string } }>(`${CONTENT_PATH}:artifactId`, async (request) => {
    const { artifactId } = request.params;
    const signed = await signedLink(
      request.query,
      artifactId,
      'This link has expired; poll the task again for fresh links',
    );
    if (!signed) throw forbidden('This link is not valid: its signature does not match');
    const artifact = await ctx.tasks.artifact(artifactId);
    if (!artifact) throw notFound('The content behind this link no longer exists');
    return artifact.content;
  });

  // The task page opens with the owner's key, or from the presigned `ui_url` in a browser.
  app.get<{ Params: { taskId: string } }>(`${TASK_PAGE_PATH}:taskId`, async (request, reply) => {
    const { taskId } = request.params;
    let task: TaskRecord;
    if (request.headers.authorization !== undefined) {
      task = await ownedTask(taskId, await authenticate(ctx.keys, request.headers.authorization));
    } else {
      const signed = await signedLink(
        request.query,
        taskPageSubject(taskId),
        'This link has expired; poll the task again for a fresh ui_url',
      );
      if (!signed) {
        throw new HttpError(
          401,
          `Open the task page with the task's key, or with the ui_url the task status returns`,
        );
      }
      const found = await ctx.tasks.get(taskId);
      if (!found) throw notFound(`Task not found: '${taskId}'`);
      task = found;
    }
    const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Task ${escapeHtml(task.taskId)}</title>` +
          `<h1>Task ${escapeHtml(task.taskId)}</h1><p>Workflow: ${escapeHtml(task.workflowId)}</p>` +
          `<p>Status: ${escapeHtml(task.status)}</p></html>`,
      );
  });
}
