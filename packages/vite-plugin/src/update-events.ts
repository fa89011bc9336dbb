// Also imported by the browser helper (`./client`): nothing here may import a Node module.
import type { DevUpdate } from '@transloom/core';

/** The custom HMR event the plugin sends when catalogs change on disk. */
export const UPDATE_EVENT = 'transloom:update';

/** The custom event that tells the client helper the plugin's problem is gone. */
export const RESOLVED_EVENT = 'transloom:resolved';

/** The data of a `transloom:update` event: one locale's changed catalogs (the dev session's update). */
export type TransloomUpdate = DevUpdate;
