import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import * as main from './index.js';
import * as node from './node.js';

it('exports exactly the public API', () => {
  expect(Object.keys(main).sort()).toMatchInlineSnapshot(`
    [
      "ApiError",
      "AuthorizationError",
      "BACKOFF_MULTIPLIER",
      "BASE_BACKOFF_MS",
      "BadRequestError",
      "CLIENT_VERSION",
      "ConfigError",
      "ConnectionError",
      "GlossaryEntriesError",
      "LimitError",
      "LinkExpiredError",
      "MAX_BACKOFF_MS",
      "MIN_POLL_INTERVAL_MS",
      "NotFoundError",
      "PayloadTooLargeError",
      "QuotaExceededError",
      "REFUSAL_STATUSES",
      "ServiceError",
      "ServiceUnreachableError",
      "TimeoutError",
      "TooManyRequestsError",
      "TransloomError",
      "VoiceStreamError",
      "backoffDelay",
      "bodySize",
      "createAdaptiveLimiter",
      "createClient",
      "errorForStatus",
      "formatGlossaryEntries",
      "formatGlossaryIssue",
      "isTaskDone",
      "packBatches",
      "parseGlossaryEntries",
      "parseRetryAfter",
      "translateOptionsToWire",
      "validateGlossaryEntries",
      "wire",
    ]
  `);
});

it('exports the same API from the Node entry, whose createClient streams voice over ws', () => {
  expect(Object.keys(node).sort()).toEqual(Object.keys(main).sort());
  expect(node.createClient).not.toBe(main.createClient);
});

it('maps the main entry to the ws-backed Node entry in Node and to the plain one elsewhere', () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  expect(manifest.exports['.']).toEqual({
    types: './dist/index.d.ts',
    browser: './dist/index.js',
    node: './dist/node.js',
    default: './dist/index.js',
  });
  expect(manifest.exports['./node']).toEqual({
    types: './dist/node.d.ts',
    import: './dist/node.js',
  });
  expect(manifest.exports['./wire']).toEqual({
    types: './dist/wire/index.d.ts',
    import: './dist/wire/index.js',
  });
  // Conditions are tried in order: a bundler for browsers that also sets `node` gets no ws.
  expect(Object.keys(manifest.exports['.'])).toEqual(['types', 'browser', 'node', 'default']);
});
