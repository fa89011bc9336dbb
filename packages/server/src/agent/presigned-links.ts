import { createHmac, timingSafeEqual } from 'node:crypto';

/** Path prefix of presigned content links (marked experimental, as on the real service). */
export const CONTENT_PATH = '/v1/experimental/content/';
/** Path prefix of task pages (`ui_url`). */
export const TASK_PAGE_PATH = '/agent/tasks/';

function signature(secret: string, artifactId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${artifactId}.${expires}`).digest('base64url');
}

/** A link to an artifact that works without auth until `expires` (ms since the epoch). */
export function presignPath(secret: string, artifactId: string, expires: number): string {
  return `${CONTENT_PATH}${artifactId}?expires=${expires}&signature=${signature(secret, artifactId, expires)}`;
}

/** What a task page link signs: the task, named apart from artifacts. */
export function taskPageSubject(taskId: string): string {
  return `task:${taskId}`;
}

/** A link to a task's page that works without auth until `expires` (ms since the epoch). */
export function presignTaskPage(secret: string, taskId: string, expires: number): string {
  return `${TASK_PAGE_PATH}${taskId}?expires=${expires}&signature=${signature(secret, taskPageSubject(taskId), expires)}`;
}

/** Whether a link's signature for `subject` is genuine (its expiry is checked separately). */
export function verifySignature(
  secret: string,
  subject: string,
  expires: number,
  given: string,
): boolean {
  const expected = Buffer.from(signature(secret, subject, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
