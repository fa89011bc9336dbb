import { AuthorizationError, ServiceUnreachableError } from '@transloom/client/errors';
import { RunConfigError } from './request-options.js';

/**
 * Errors after which a run writes no more targets: a setting the service refuses (a style
 * list, the key) is the user's to fix, and a service that cannot be reached leaves nothing new
 * to write. The lock still records what the targets written before hold; what was answered
 * is in the translation memory, so the next run pays nothing for it.
 */
export function stopsWriting(error: unknown): boolean {
  return (
    error instanceof RunConfigError ||
    error instanceof AuthorizationError ||
    error instanceof ServiceUnreachableError
  );
}
