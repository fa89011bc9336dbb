import { expect, it } from 'vitest';
import * as server from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(server).sort()).toMatchInlineSnapshot(`
    [
      "AUTH_SCHEME",
      "Accounting",
      "EngineLoadError",
      "FAULT_KINDS",
      "FaultInjector",
      "HttpError",
      "SERVE_USAGE",
      "StyleRulesFileError",
      "UpstreamConfigError",
      "UsageError",
      "accent",
      "builtInEngines",
      "countCharacters",
      "createServer",
      "detectLanguage",
      "detectLanguages",
      "echoWorkflow",
      "identityEngine",
      "loadEngine",
      "mangleMarkup",
      "mapTextRuns",
      "parseFaultHeader",
      "parseServerArgs",
      "pseudoEngine",
      "pseudoLocalize",
      "readStyleRulesFile",
      "rulesOut",
      "runServerCommand",
      "startLocalService",
      "startServer",
      "tokenizeText",
      "translateWorkflow",
      "utteranceDetector",
    ]
  `);
});
