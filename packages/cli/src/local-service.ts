import { localServiceFrom } from '@transloom/core';

/**
 * Starts the built-in local service (pseudo-localization) in this process. The server is
 * loaded only here: runs with nothing to send never load it.
 */
export const startLocalService = localServiceFrom(() => import('@transloom/server'));
