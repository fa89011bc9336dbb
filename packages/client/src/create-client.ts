import { AdminApi } from './admin-api.js';
import { AgentApi } from './agent-api.js';
import { type ClientOptions, resolveClientOptions } from './client-options.js';
import { GlossariesApi } from './glossaries/glossaries-api.js';
import type { HttpExchange } from './http/http-exchange.js';
import { Transport } from './http/transport.js';
import {
  type GlossaryLanguagePair,
  glossaryLanguagePairs,
  type Language,
  languages,
  type Usage,
  usage,
} from './languages-api.js';
import {
  type Improvement,
  type RephraseOptions,
  type RephraseRequest,
  type RephraseResult,
  rephrase,
  rephraseMany,
} from './rephrase-api.js';
import { StyleRulesApi } from './style-rules-api.js';
import {
  type CallOptions,
  type TranslateManyOptions,
  translate,
  translateMany,
} from './translate/translate-api.js';
import type {
  TranslateOptions,
  TranslateRequest,
  TranslateResult,
  Translation,
} from './translate/translate-options.js';
import { VoiceApi } from './voice/voice-api.js';

/** A client for the whole service contract. */
export interface TransloomClient {
  /** The base URL requests go to. */
  readonly serverUrl: string;
  /** Up to 50 texts in one request. */
  translate(request: TranslateRequest, options?: CallOptions): Promise<TranslateResult>;
  /** Any number of texts, batched under the request limits, results in input order. */
  translateMany(
    texts: readonly string[],
    options: TranslateOptions,
    many?: TranslateManyOptions,
  ): Promise<Translation[]>;
  /** Text improvement (paid tier). */
  rephrase(request: RephraseRequest, options?: CallOptions): Promise<RephraseResult>;
  /** Text improvement of any number of texts, batched under the 10240-byte limit. */
  rephraseMany(
    texts: readonly string[],
    options: RephraseOptions,
    many?: TranslateManyOptions,
  ): Promise<Improvement[]>;
  languages(type?: 'source' | 'target', options?: CallOptions): Promise<Language[]>;
  glossaryLanguagePairs(options?: CallOptions): Promise<GlossaryLanguagePair[]>;
  /** Characters used in the current period. */
  usage(options?: CallOptions): Promise<Usage>;
  readonly glossaries: GlossariesApi;
  readonly styleRules: StyleRulesApi;
  readonly voice: VoiceApi;
  readonly agent: AgentApi;
  /** Needs an admin key. */
  readonly admin: AdminApi;
}

/** Creates a client. Keys come from the environment or a secret store and never appear in errors or logs. */
export function createClient(options: ClientOptions): TransloomClient {
  return createClientOn(options, undefined);
}

/** A client that sends with the platform's `exchange` unless the options name a fetch. */
export function createClientOn(
  options: ClientOptions,
  exchange: HttpExchange | undefined,
): TransloomClient {
  const settings = resolveClientOptions(options, exchange);
  const transport = new Transport(settings);
  return {
    serverUrl: settings.serverUrl,
    translate: (request, callOptions) => translate(transport, request, callOptions),
    translateMany: (texts, translateOptions, many) =>
      translateMany(transport, texts, translateOptions, many),
    rephrase: (request, callOptions) => rephrase(transport, request, callOptions),
    rephraseMany: (texts, rephraseOptions, many) =>
      rephraseMany(transport, texts, rephraseOptions, many),
    languages: (type, callOptions) => languages(transport, type, callOptions),
    glossaryLanguagePairs: (callOptions) => glossaryLanguagePairs(transport, callOptions),
    usage: (callOptions) => usage(transport, callOptions),
    glossaries: new GlossariesApi(transport),
    styleRules: new StyleRulesApi(transport),
    voice: new VoiceApi(transport, settings.webSocket),
    agent: new AgentApi(transport),
    admin: new AdminApi(transport),
  };
}
