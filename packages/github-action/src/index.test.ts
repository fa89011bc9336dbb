import { expect, it } from 'vitest';
import * as action from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(action).sort()).toEqual([
    'ActionError',
    'COMMENT_MARKER',
    'COMMIT_TRAILER',
    'MAX_REPORT_BYTES',
    'REPORT_SCHEMA',
    'actionReportSchema',
    'readActionInputs',
    'readActionReport',
    'renderComment',
    'run',
  ]);
});
