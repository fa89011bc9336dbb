/**
 * Raw wire shapes of the service contract (service-api.md, wire-details.md, voice-protocol.md),
 * spelled exactly as they travel: snake_case fields, upper- or lower-case language codes as the
 * service uses them. The client maps these to camelCase; the local server produces them.
 */

import type { FORMALITIES, MODEL_TYPES } from './languages.js';

/** Body of every error response. */
export interface ErrorBodyWire {
  message: string;
  detail?: string;
  code?: string;
}

/** `model_type` values. */
export type ModelTypeWire = (typeof MODEL_TYPES)[number];
/** `formality` values of the translate endpoint. */
export type FormalityWire = (typeof FORMALITIES)[number];
/** `split_sentences` values. */
export type SplitSentencesWire = '0' | '1' | 'nonewlines';
/** `tag_handling` values. */
export type TagHandlingWire = 'xml' | 'html';
/** `tag_handling_version` values. */
export type TagHandlingVersionWire = 'v1' | 'v2';

/** `POST /v2/translate` JSON body. */
export interface TranslateRequestWire {
  text: string[];
  target_lang: string;
  source_lang?: string;
  context?: string;
  model_type?: ModelTypeWire;
  split_sentences?: SplitSentencesWire;
  preserve_formatting?: boolean;
  formality?: FormalityWire;
  glossary_id?: string;
  style_id?: string;
  custom_instructions?: string[];
  show_billed_characters?: boolean;
  tag_handling?: TagHandlingWire;
  tag_handling_version?: TagHandlingVersionWire;
  outline_detection?: boolean;
  non_splitting_tags?: string[];
  splitting_tags?: string[];
  ignore_tags?: string[];
  enable_beta_languages?: boolean;
}

/** One element of `translations` (contract 2.4). */
export interface TranslationWire {
  detected_source_language: string;
  text: string;
  billed_characters?: number;
  model_type_used?: string;
}

/** `POST /v2/translate` response. */
export interface TranslateResponseWire {
  translations: TranslationWire[];
}

/** `writing_style` values (wire details). */
export type WritingStyleWire =
  | 'default'
  | 'academic'
  | 'business'
  | 'casual'
  | 'simple'
  | 'prefer_academic'
  | 'prefer_business'
  | 'prefer_casual'
  | 'prefer_simple';

/** `tone` values (wire details). */
export type ToneWire =
  | 'default'
  | 'confident'
  | 'diplomatic'
  | 'enthusiastic'
  | 'friendly'
  | 'prefer_confident'
  | 'prefer_diplomatic'
  | 'prefer_enthusiastic'
  | 'prefer_friendly';

/** `POST /v2/write/rephrase` JSON body. */
export interface RephraseRequestWire {
  text: string[];
  target_lang?: string;
  writing_style?: WritingStyleWire;
  tone?: ToneWire;
}

/** One element of `improvements` (contract 2.5). */
export interface ImprovementWire {
  text: string;
  target_language: string;
  detected_source_language: string;
}

/** `POST /v2/write/rephrase` response. */
export interface RephraseResponseWire {
  improvements: ImprovementWire[];
}

/** One record of `GET /v2/languages` (contract 2.6). */
export interface LanguageWire {
  language: string;
  name: string;
  supports_formality?: boolean;
}

/** `GET /v2/glossary-language-pairs` response. */
export interface GlossaryLanguagePairsWire {
  supported_languages: Array<{ source_lang: string; target_lang: string }>;
}

/** Format of glossary entries text. */
export type EntriesFormatWire = 'tsv' | 'csv';

/** One dictionary in a glossary request. */
export interface DictionaryRequestWire {
  source_lang: string;
  target_lang: string;
  entries: string;
  entries_format: EntriesFormatWire;
}

/** Dictionary metadata in glossary responses. */
export interface DictionaryInfoWire {
  source_lang: string;
  target_lang: string;
  entry_count: number;
}

/** Glossary metadata (contract 2.2). */
export interface GlossaryWire {
  glossary_id: string;
  name: string;
  dictionaries: DictionaryInfoWire[];
  creation_time: string;
}

/** `POST /v3/glossaries` body. */
export interface CreateGlossaryRequestWire {
  name: string;
  dictionaries: DictionaryRequestWire[];
}

/** `PATCH /v3/glossaries/{id}` body. */
export interface UpdateGlossaryRequestWire {
  name?: string;
  dictionaries?: DictionaryRequestWire[];
}

/** `GET /v3/glossaries` response. */
export interface GlossaryListWire {
  glossaries: GlossaryWire[];
}

/** One dictionary of a `GET /v3/glossaries/{id}/entries` response. */
export interface DictionaryEntriesWire {
  source_lang: string;
  target_lang: string;
  entries: string;
  entries_format: 'tsv';
}

/** `GET /v3/glossaries/{id}/entries` response. */
export interface GlossaryEntriesResponseWire {
  dictionaries: DictionaryEntriesWire[];
}

/** Rule categories of a style rule list (contract 2.3). */
export type StyleRuleCategoryWire =
  | 'dates_and_times'
  | 'formatting'
  | 'numbers'
  | 'punctuation'
  | 'spelling_and_grammar'
  | 'style_and_tone'
  | 'vocabulary';

/** Configured rules: category -> rule name -> chosen option. */
export type ConfiguredRulesWire = Partial<Record<StyleRuleCategoryWire, Record<string, string>>>;

/** One custom instruction of a style rule list. */
export interface StyleCustomInstructionWire {
  label: string;
  prompt: string;
  source_language?: string;
}

/** A style rule list (contract 2.3). */
export interface StyleRuleListWire {
  style_id: string;
  name: string;
  creation_time: string;
  updated_time: string;
  language: string;
  version: number;
  configured_rules?: ConfiguredRulesWire | ConfiguredRulesWire[];
  custom_instructions?: StyleCustomInstructionWire[] | StyleCustomInstructionWire;
}

/** `GET /v3/style_rules` response. */
export interface StyleRulesResponseWire {
  style_rules: StyleRuleListWire[];
}

/** Voice session `formality` values. */
export type VoiceFormalityWire = 'default' | 'formal' | 'more' | 'informal' | 'less';

/** `POST /v3/voice/realtime` body. */
export interface VoiceSessionRequestWire {
  source_media_content_type: string;
  source_language?: string;
  source_language_mode?: 'auto' | 'fixed';
  target_languages?: string[];
  message_format?: 'json' | 'msgpack';
  glossary_id?: string;
  formality?: VoiceFormalityWire;
}

/** Voice session (contract 2.8). */
export interface VoiceSessionWire {
  streaming_url: string;
  token: string;
  session_id: string;
}

/** A source transcript segment (voice-protocol.md). */
export interface SourceSegmentWire {
  language: string;
  text: string;
  start_time: number;
  end_time: number;
}

/** A target transcript segment (voice-protocol.md). */
export interface TargetSegmentWire {
  text: string;
  start_time: number;
  end_time: number;
}

/** Messages the client sends on the voice stream; binary fields are bytes before encoding. */
export type VoiceClientMessageWire =
  | { source_media_chunk: { data: Uint8Array } }
  | { end_of_source_media: Record<string, never> };

/** Messages the server sends on the voice stream. */
export type VoiceServerMessageWire =
  | { source_transcript_update: { concluded: SourceSegmentWire[]; tentative: SourceSegmentWire[] } }
  | {
      target_transcript_update: {
        language: string;
        concluded: TargetSegmentWire[];
        tentative: TargetSegmentWire[];
      };
    }
  | { end_of_source_transcript: Record<string, never> }
  | { end_of_target_transcript: { language: string } }
  | { end_of_stream: Record<string, never> }
  | {
      error: {
        request_type: string;
        error_code: number;
        reason_code: number;
        error_message: string;
      };
    }
  | { target_media_chunk: { language?: string; data: Uint8Array } }
  | { end_of_target_media: { language?: string } };

/** `POST .../workflows/{id}/trigger` response. */
export interface AgentTriggerResponseWire {
  task_id: string;
  ui_url: string;
  polling_url: string;
  last_modified_date: string;
}

/** One artifact of a task (contract 2.7). */
export interface AgentArtifactWire {
  artifactId: string;
  contentUrl: string;
  name: string;
  description: string;
  schema: Record<string, unknown> | null;
}

/** `result` of a task: empty while in progress. */
export interface AgentResultWire {
  response?: string;
  screenshot?: string;
  data?: unknown;
}

/** `GET .../tasks/{id}` response (contract 2.7). */
export interface AgentTaskWire {
  task_id?: string;
  status: string;
  last_modified_date: string;
  ui_url: string;
  result: AgentResultWire;
  result_data: AgentArtifactWire[];
}

/** Content behind a presigned link (contract 2.7). */
export interface AgentContentWire {
  message: string;
  content_type: string;
  language: string;
}

/** A developer key (contract 2.1). */
export interface DeveloperKeyWire {
  key_id: string;
  label: string;
  creation_time: string;
  deactivated_time?: string;
  is_deactivated: boolean;
  usage_limits: { characters: number | null; speech_to_text_milliseconds?: number | null };
}

/** A developer key as its creation answers it: the only answer that carries the secret. */
export interface CreatedDeveloperKeyWire extends DeveloperKeyWire {
  key: string;
}

/** Usage object of the analytics report (contract 2.9). */
export interface UsageWire {
  total_characters: number;
  text_translation_characters: number;
  document_translation_characters: number;
  text_improvement_characters: number;
  speech_to_text_minutes: number;
}

/** One per-key (and per-day) element of the analytics report. */
export interface KeyUsageWire {
  api_key: string;
  api_key_label: string;
  usage_date?: string;
  usage: UsageWire;
}

/** `GET /v2/admin/analytics` response (contract 2.9). */
export interface AnalyticsResponseWire {
  usage_report: {
    total_usage: UsageWire;
    group_by?: 'key' | 'key_and_day';
    start_date: string;
    end_date: string;
    key_usages?: KeyUsageWire[];
    key_and_day_usages?: KeyUsageWire[];
  };
}

/** `GET /v2/usage` response (wire details). */
export interface UsageResponseWire {
  character_count: number;
  character_limit: number;
  api_key_character_count?: number;
  api_key_character_limit?: number;
}
