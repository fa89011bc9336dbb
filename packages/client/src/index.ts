export type {
  AdminApi,
  AdminKeysApi,
  AnalyticsOptions,
  DeveloperKey,
  KeyUsage,
  UsageReport,
  UsageTotals,
} from './admin-api.js';
export {
  type AgentApi,
  type AgentArtifact,
  type AgentContent,
  type AgentTask,
  type AgentTriggerResult,
  isTaskDone,
  MIN_POLL_INTERVAL_MS,
  type WaitForTaskOptions,
} from './agent-api.js';
export { CLIENT_VERSION, type ClientOptions } from './client-options.js';
export { createClient, type TransloomClient } from './create-client.js';
export {
  ApiError,
  type ApiErrorDetails,
  AuthorizationError,
  BadRequestError,
  ConfigError,
  type ConfigIssue,
  ConnectionError,
  type ErrorPosition,
  errorForStatus,
  GlossaryEntriesError,
  LimitError,
  LinkExpiredError,
  NotFoundError,
  PayloadTooLargeError,
  QuotaExceededError,
  type RequestInfo,
  ServiceError,
  type ServiceUnreachableDetails,
  ServiceUnreachableError,
  TimeoutError,
  TooManyRequestsError,
  TransloomError,
  type TransloomErrorCode,
  type TransloomErrorKind,
  type UnreachableReason,
  VoiceStreamError,
} from './errors.js';
export type { DictionaryInput, GlossaryEntriesInput } from './glossaries/dictionary-input.js';
export type {
  CreateGlossaryInput,
  DictionaryInfo,
  GlossariesApi,
  Glossary,
  UpdateGlossaryInput,
} from './glossaries/glossaries-api.js';
export {
  type AdaptiveLimiter,
  type AdaptiveLimiterOptions,
  createAdaptiveLimiter,
  type LimiterSchedule,
  type LimiterSlot,
} from './http/adaptive-limiter.js';
export {
  BACKOFF_MULTIPLIER,
  BASE_BACKOFF_MS,
  backoffDelay,
  MAX_BACKOFF_MS,
  parseRetryAfter,
  REFUSAL_STATUSES,
} from './http/retry-policy.js';
export type { GlossaryLanguagePair, Language, Usage } from './languages-api.js';
export type {
  Improvement,
  RephraseOptions,
  RephraseRequest,
  RephraseResult,
} from './rephrase-api.js';
export type {
  ListStyleRulesOptions,
  StyleCustomInstruction,
  StyleRuleList,
  StyleRulesApi,
} from './style-rules-api.js';
export { type Batch, type BatchLimits, bodySize, packBatches } from './translate/pack-batches.js';
export type {
  CallOptions,
  Schedule,
  TranslateManyOptions,
  TranslateProgress,
} from './translate/translate-api.js';
export {
  type TranslateOptions,
  type TranslateRequest,
  type TranslateResult,
  type Translation,
  translateOptionsToWire,
} from './translate/translate-options.js';
export type {
  VoiceApi,
  VoiceSession,
  VoiceSessionInput,
  VoiceStreamOptions,
} from './voice/voice-api.js';
export type { SourceSegment, TargetSegment, VoiceEvent } from './voice/voice-events.js';
export type { WebSocketFactory, WebSocketLike } from './voice/web-socket.js';
export {
  formatGlossaryEntries,
  formatGlossaryIssue,
  type GlossaryEntriesFormat,
  type GlossaryEntry,
  type GlossaryEntryIssue,
  type GlossaryEntryRule,
  type LocatedGlossaryEntry,
  parseGlossaryEntries,
  validateGlossaryEntries,
} from './wire/glossary-entries.js';
export * as wire from './wire/index.js';
