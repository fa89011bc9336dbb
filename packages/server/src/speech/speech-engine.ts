/** A stretch of recognized speech, in milliseconds of source audio. */
export interface SpeechSegment {
  text: string;
  startMs: number;
  endMs: number;
}

/** What changed after some audio: new concluded segments, and the tentative text that replaces the last. */
export interface RecognitionUpdate {
  concluded: SpeechSegment[];
  tentative: SpeechSegment[];
}

/** Recognizes one stream's audio. */
export interface SpeechRecognizer {
  /** Feeds one chunk of audio in the session's content type. */
  push(chunk: Uint8Array): RecognitionUpdate;
  /** Flushes what is left once no more audio follows. */
  end(): RecognitionUpdate;
  /** Duration of a chunk in ms, or null when the format does not tell without decoding. */
  chunkDurationMs(chunk: Uint8Array): number | null;
  /** Language code (lower-case) of what was recognized. */
  readonly language: string;
}

/** Settings of one stream a recognizer is made for. */
export interface RecognizerOptions {
  contentType: string;
  sourceLanguage: string | null;
  sourceLanguageMode: 'auto' | 'fixed';
}

/** A speech-to-text engine; plug in a model by implementing this in a module. */
export interface SpeechEngine {
  readonly name: string;
  createRecognizer(options: RecognizerOptions): SpeechRecognizer;
}
