/**
 * Bytes per millisecond assumed for compressed audio, whose duration the built-in speech
 * engine cannot read without decoding: typical voice bitrates, so that compressed streams are
 * billed and rate-limited like PCM rather than not at all.
 */
function bytesPerMs(contentType: string): number {
  if (contentType.includes('flac')) return 32; // 256 kbit/s
  if (contentType.includes('opus') || contentType === 'audio/ogg' || contentType === 'audio/webm')
    return 4; // 32 kbit/s
  return 16; // 128 kbit/s: MP3, AAC, and audio/auto
}

/** The duration a compressed chunk is counted as, in milliseconds. */
export function estimatedDurationMs(contentType: string, bytes: number): number {
  return bytes / bytesPerMs(contentType);
}
