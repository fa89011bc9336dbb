import type { SourceSegmentWire, TargetSegmentWire } from '../wire/types.js';

/** A stretch of recognized source speech; times in ms of source audio. */
export interface SourceSegment {
  language: string;
  text: string;
  startTime: number;
  endTime: number;
}

/** A stretch of translated text; times in ms of source audio. */
export interface TargetSegment {
  text: string;
  startTime: number;
  endTime: number;
}

/**
 * The protocol's server messages (voice-protocol.md). Concluded segments are final; each
 * update's tentative segments replace the previous ones of that stream.
 */
export type VoiceEvent =
  | { type: 'sourceTranscriptUpdate'; concluded: SourceSegment[]; tentative: SourceSegment[] }
  | {
      type: 'targetTranscriptUpdate';
      language: string;
      concluded: TargetSegment[];
      tentative: TargetSegment[];
    }
  | { type: 'endOfSourceTranscript' }
  | { type: 'endOfTargetTranscript'; language: string }
  | { type: 'targetMediaChunk'; language?: string; data: Uint8Array }
  | { type: 'endOfTargetMedia'; language?: string }
  | { type: 'endOfStream' };

const source = (s: SourceSegmentWire): SourceSegment => ({
  language: s.language,
  text: s.text,
  startTime: s.start_time,
  endTime: s.end_time,
});

const target = (s: TargetSegmentWire): TargetSegment => ({
  text: s.text,
  startTime: s.start_time,
  endTime: s.end_time,
});

/** A fatal `error` message. */
export interface VoiceErrorMessage {
  requestType: string;
  errorCode: number;
  reasonCode: number;
  errorMessage: string;
}

/** Turns a decoded server message into an event, an error, or null for kinds to ignore. */
export function toVoiceEvent(
  message: Record<string, unknown>,
  bytes: (value: unknown) => Uint8Array,
): VoiceEvent | VoiceErrorMessage | null {
  const [kind] = Object.keys(message);
  const body = (message[kind!] ?? {}) as {
    concluded?: SourceSegmentWire[] & TargetSegmentWire[];
    tentative?: SourceSegmentWire[] & TargetSegmentWire[];
    language?: string;
    data?: unknown;
    request_type?: unknown;
    error_code?: unknown;
    reason_code?: unknown;
    error_message?: unknown;
  };
  switch (kind) {
    case 'source_transcript_update':
      return {
        type: 'sourceTranscriptUpdate',
        concluded: (body.concluded ?? []).map(source),
        tentative: (body.tentative ?? []).map(source),
      };
    case 'target_transcript_update':
      return {
        type: 'targetTranscriptUpdate',
        language: String(body.language),
        concluded: (body.concluded ?? []).map(target),
        tentative: (body.tentative ?? []).map(target),
      };
    case 'end_of_source_transcript':
      return { type: 'endOfSourceTranscript' };
    case 'end_of_target_transcript':
      return { type: 'endOfTargetTranscript', language: String(body.language) };
    case 'target_media_chunk':
      return {
        type: 'targetMediaChunk',
        ...(body.language ? { language: body.language } : {}),
        data: bytes(body.data),
      };
    case 'end_of_target_media':
      return { type: 'endOfTargetMedia', ...(body.language ? { language: body.language } : {}) };
    case 'end_of_stream':
      return { type: 'endOfStream' };
    case 'error':
      return {
        requestType: String(body.request_type),
        errorCode: Number(body.error_code),
        reasonCode: Number(body.reason_code),
        errorMessage: String(body.error_message),
      };
    default:
      // Unknown kinds are ignored, as the protocol asks of clients.
      return null;
  }
}
