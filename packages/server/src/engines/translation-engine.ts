import type {
  ConfiguredRulesWire,
  GlossaryEntry,
  StyleCustomInstructionWire,
} from '@transloom/client/wire';

/** A resolved style rule list handed to an engine. */
export interface EngineStyle {
  styleId: string;
  name: string;
  version: number;
  language: string;
  configuredRules: ConfiguredRulesWire;
  customInstructions: readonly StyleCustomInstructionWire[];
}

/** A stored glossary dictionary, named down to the version of its content. */
export interface EngineGlossaryRef {
  glossaryId: string;
  /** Lower-case base codes. */
  sourceLang: string;
  targetLang: string;
  version: string;
}

/** Everything an engine needs to translate one request's texts. */
export interface EngineTranslateInput {
  texts: readonly string[];
  /** Upper-case base code of the source language (given or detected). */
  sourceLang: string;
  /** Upper-case target code, variants included (`EN-GB`). */
  targetLang: string;
  formality: 'default' | 'more' | 'less';
  tagHandling: 'xml' | 'html' | null;
  ignoreTags: readonly string[];
  splittingTags: readonly string[];
  nonSplittingTags: readonly string[];
  outlineDetection: boolean;
  splitSentences: '0' | '1' | 'nonewlines';
  preserveFormatting: boolean;
  /** Extra context; never translated, never billed. */
  context: string | null;
  /** The entries of the glossary dictionary for this language pair. */
  glossary: readonly GlossaryEntry[] | null;
  /**
   * Which dictionary `glossary` holds, down to the version of its content: an engine that
   * keeps a copy elsewhere (the gateway keeps one on its upstream service) makes one per version.
   */
  glossaryRef?: EngineGlossaryRef | null;
  style: EngineStyle | null;
  customInstructions: readonly string[];
  modelType: 'latency_optimized' | 'quality_optimized';
}

/** Everything an engine needs to improve one request's texts. */
export interface EngineRephraseInput {
  texts: readonly string[];
  /** The language the texts are written in (lower-case, variants included). */
  language: string;
  writingStyle: string | null;
  tone: string | null;
}

/**
 * A translation engine. The local service validates, authenticates and bills; the engine only
 * turns texts into translated texts, in the same order. Implement it in a module and start the
 * server with `--engine ./my-engine.js` to put a machine-translation model or an LLM behind
 * the contract.
 */
export interface TranslationEngine {
  readonly name: string;
  translate(input: EngineTranslateInput): Promise<string[]> | string[];
  /** Text improvement; without it, the service returns the texts unchanged. */
  rephrase?(input: EngineRephraseInput): Promise<string[]> | string[];
  /** Releases what the engine holds (models, connections). */
  close?(): Promise<void> | void;
}
