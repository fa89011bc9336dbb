import { expect, it } from 'vitest';
import * as cli from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(cli).sort()).toEqual([
    'CLI_VERSION',
    'EXIT',
    'USAGE',
    'exitCodeOf',
    'runCli',
    'startLocalService',
  ]);
});
