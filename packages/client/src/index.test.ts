import { expect, it } from 'vitest';
import * as main from './index.js';
import * as node from './node.js';

it('exports exactly the public API', () => {
  expect(Object.keys(main).sort()).toMatchInlineSnapshot(`
    [
      "ApiError",
      "AuthorizationError",
      "BACKOFF_JITTER",
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
      "ServiceError",
      "TimeoutError",
      "TooManyRequestsError",
      "TransloomError",
      "VoiceStreamError",
      "backoffDelay",
      "bodySize",
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
