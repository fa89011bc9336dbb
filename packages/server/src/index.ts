export { UsageError } from '@transloom/client/errors';
export { Accounting, countCharacters } from './accounting.js';
export type {
  AgentWorkflow,
  WorkflowArtifact,
  WorkflowContext,
  WorkflowResult,
} from './agent/agent-workflow.js';
export { echoWorkflow } from './agent/echo-workflow.js';
export { translateWorkflow } from './agent/translate-workflow.js';
export {
  createServer,
  readStyleRulesFile,
  type ServerOptions,
  StyleRulesFileError,
  startServer,
  type TransloomServer,
  UpstreamConfigError,
} from './create-server.js';
export { identityEngine } from './engines/identity-engine.js';
export { builtInEngines, EngineLoadError, loadEngine } from './engines/load-engine.js';
export { accent, pseudoEngine, pseudoLocalize } from './engines/pseudo-engine.js';
export {
  mapTextRuns,
  type TextRunOptions,
  type TextToken,
  tokenizeText,
} from './engines/text-runs.js';
export type {
  EngineGlossaryRef,
  EngineRephraseInput,
  EngineStyle,
  EngineTranslateInput,
  TranslationEngine,
} from './engines/translation-engine.js';
export {
  FAULT_KINDS,
  FaultInjector,
  type FaultKind,
  type FaultSpec,
  mangleMarkup,
  parseFaultHeader,
  type RandomFaults,
  type RecordedRequest,
} from './faults/fault-injector.js';
export { AUTH_SCHEME } from './http/auth.js';
export { HttpError, type HttpErrorCode } from './http/http-error.js';
export { type Detection, detectLanguage, detectLanguages, rulesOut } from './language-detection.js';
export { parseServerArgs, SERVE_USAGE, type ServeSettings } from './parse-server-args.js';
export { type CommandIo, runServerCommand } from './run-server-command.js';
export type {
  RecognitionUpdate,
  RecognizerOptions,
  SpeechEngine,
  SpeechRecognizer,
  SpeechSegment,
} from './speech/speech-engine.js';
export { utteranceDetector } from './speech/utterance-detector.js';
export { type LocalService, startLocalService } from './start-local-service.js';
export type { StyleRuleSeed } from './store/style-rule-store.js';
