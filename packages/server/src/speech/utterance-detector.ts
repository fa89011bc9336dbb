import { decodeSamples, type PcmFormat, pcmFormat } from './pcm-format.js';
import type {
  RecognitionUpdate,
  RecognizerOptions,
  SpeechEngine,
  SpeechRecognizer,
  SpeechSegment,
} from './speech-engine.js';

const FRAME_MS = 20;
/** RMS of a frame above which it counts as speech (about -40 dBFS). */
const SPEECH_RMS = 330;
/** Silence that ends an utterance. */
const PAUSE_MS = 400;
/** Shorter bursts are clicks, not speech. */
const MIN_UTTERANCE_MS = 100;

function label(startMs: number, endMs: number, first: boolean): string {
  return `${first ? '' : ' '}[speech ${((endMs - startMs) / 1000).toFixed(1)} s]`;
}

class PcmUtteranceRecognizer implements SpeechRecognizer {
  private readonly frameSamples: number;
  private pending: number[] = [];
  private positionMs = 0;
  private utteranceStart: number | null = null;
  private lastVoiceMs = 0;
  private count = 0;

  constructor(
    private readonly format: PcmFormat,
    readonly language: string,
  ) {
    this.frameSamples = (format.rate * FRAME_MS) / 1000;
  }

  chunkDurationMs(chunk: Uint8Array): number {
    return (chunk.byteLength / this.format.bytesPerSample / this.format.rate) * 1000;
  }

  push(chunk: Uint8Array): RecognitionUpdate {
    const concluded: SpeechSegment[] = [];
    for (const sample of decodeSamples(this.format, chunk)) {
      this.pending.push(sample);
      if (this.pending.length < this.frameSamples) continue;
      let sum = 0;
      for (const s of this.pending) sum += s * s;
      const voiced = Math.sqrt(sum / this.pending.length) >= SPEECH_RMS;
      this.pending = [];
      this.positionMs += FRAME_MS;
      if (voiced) {
        this.utteranceStart ??= this.positionMs - FRAME_MS;
        this.lastVoiceMs = this.positionMs;
      } else if (this.utteranceStart !== null && this.positionMs - this.lastVoiceMs >= PAUSE_MS) {
        const segment = this.close();
        if (segment) concluded.push(segment);
      }
    }
    return { concluded, tentative: this.tentative() };
  }

  end(): RecognitionUpdate {
    const segment = this.close();
    return { concluded: segment ? [segment] : [], tentative: [] };
  }

  private close(): SpeechSegment | null {
    const start = this.utteranceStart;
    this.utteranceStart = null;
    if (start === null || this.lastVoiceMs - start < MIN_UTTERANCE_MS) return null;
    const segment = {
      text: label(start, this.lastVoiceMs, this.count === 0),
      startMs: start,
      endMs: this.lastVoiceMs,
    };
    this.count++;
    return segment;
  }

  private tentative(): SpeechSegment[] {
    if (this.utteranceStart === null) return [];
    const start = this.utteranceStart;
    return [
      {
        text: label(start, this.lastVoiceMs, this.count === 0),
        startMs: start,
        endMs: this.lastVoiceMs,
      },
    ];
  }
}

class OpaqueRecognizer implements SpeechRecognizer {
  constructor(readonly language: string) {}
  chunkDurationMs(): null {
    return null;
  }
  push(): RecognitionUpdate {
    return { concluded: [], tentative: [] };
  }
  end(): RecognitionUpdate {
    return { concluded: [], tentative: [] };
  }
}

/**
 * The built-in speech engine. It has no speech model, so it transcribes nothing. For PCM and
 * G.711 audio it finds where someone speaks (frame energy) and reports each utterance with
 * its real timing as `[speech 1.2 s]`; compressed formats (Opus, MP3, FLAC, AAC) it cannot
 * decode, so it reports no segments for them. Plug in a real model through {@link SpeechEngine}.
 */
export const utteranceDetector: SpeechEngine = {
  name: 'utterance-detector',
  createRecognizer(options: RecognizerOptions): SpeechRecognizer {
    const language = options.sourceLanguage ?? 'en';
    const format = pcmFormat(options.contentType);
    return format ? new PcmUtteranceRecognizer(format, language) : new OpaqueRecognizer(language);
  },
};
