import { tokenizeText } from './engines/text-runs.js';
import { SOURCE_LISTING } from './language-names.js';

/** What detection falls back to when a text gives too little to go on. */
export const FALLBACK_LANGUAGE = 'EN';

interface Detector {
  detect(text: string): {
    language: string;
    isReliable(): boolean;
    getScores(): Record<string, number>;
  };
}

let detector: Promise<Detector> | undefined;

// eld's n-gram tables take a few hundred milliseconds to load, so they are loaded on the first
// request that needs detection (requests with source_lang never pay for it).
function loadDetector(): Promise<Detector> {
  detector ??= import('eld').then(async ({ eld }) => {
    // The package root is eld's dynamic entry, which always carries load().
    const dynamic = eld as typeof eld & { load(name: string): Promise<boolean> };
    await dynamic.load('small');
    dynamic.setLanguageSubset(SOURCE_LISTING.map((code) => code.toLowerCase()));
    return dynamic as Detector;
  });
  return detector;
}

// Markup, placeholders and URLs say nothing about the language and confuse n-gram models.
function prose(text: string): string {
  return tokenizeText(text, { tagHandling: 'xml', ignoreTags: [] })
    .filter((t) => t.kind === 'text')
    .map((t) => t.value)
    .join(' ');
}

/** A detection: the upper-case code, whether the model is confident, and how it scored. */
export interface Detection {
  language: string | null;
  reliable: boolean;
  /** Score per upper-case language code (higher is likelier). */
  scores: Readonly<Record<string, number>>;
  /** Letters of prose the detection saw. */
  letters: number;
}

/**
 * Whether a detection rules out `language` firmly enough to refuse a request over it:
 * enough prose, and the detected language clearly ahead of `language`.
 */
export function rulesOut(detection: Detection, language: string): boolean {
  if (!detection.reliable || detection.language === null || detection.language === language)
    return false;
  if (detection.letters < 20) return false;
  const top = detection.scores[detection.language] ?? 0;
  return (detection.scores[language] ?? 0) < top - 0.1;
}

/** Detects the language of one text with eld, among the contract's source languages. */
export async function detectLanguage(text: string): Promise<Detection> {
  const eld = await loadDetector();
  const words = prose(text);
  const result = eld.detect(words);
  const scores: Record<string, number> = {};
  for (const [code, score] of Object.entries(result.getScores()))
    scores[code.toUpperCase()] = score;
  return {
    language: result.language ? result.language.toUpperCase() : null,
    reliable: result.isReliable(),
    scores,
    letters: words.match(/\p{L}/gu)?.length ?? 0,
  };
}

/**
 * Detects the language of each text. A text too short to judge on its own takes the language
 * of the whole request, and failing that {@link FALLBACK_LANGUAGE}.
 */
export async function detectLanguages(texts: readonly string[]): Promise<string[]> {
  const each = await Promise.all(texts.map(detectLanguage));
  let whole: string | undefined;
  const overall = async () => {
    whole ??= (await detectLanguage(texts.join('\n'))).language ?? FALLBACK_LANGUAGE;
    return whole;
  };
  const out: string[] = [];
  for (const detection of each) {
    out.push(detection.reliable && detection.language ? detection.language : await overall());
  }
  return out;
}
