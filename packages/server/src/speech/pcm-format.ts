/** Sample layout of a PCM content type. */
export interface PcmFormat {
  encoding: 's16le' | 'alaw' | 'ulaw';
  rate: number;
  bytesPerSample: number;
}

/** The PCM layout of `audio/pcm;encoding=...;rate=...`, or null for other content types. */
export function pcmFormat(contentType: string): PcmFormat | null {
  const match = /^audio\/pcm;encoding=(s16le|alaw|ulaw);rate=(\d+)$/.exec(contentType);
  if (!match) return null;
  const encoding = match[1] as PcmFormat['encoding'];
  return { encoding, rate: Number(match[2]), bytesPerSample: encoding === 's16le' ? 2 : 1 };
}

// G.711 expansion to 16-bit linear samples (ITU-T G.711); small enough to write out here.
function alawToLinear(value: number): number {
  const a = value ^ 0x55;
  let t = (a & 0x0f) << 4;
  const segment = (a & 0x70) >> 4;
  if (segment === 0) t += 8;
  else if (segment === 1) t += 0x108;
  else t = (t + 0x108) << (segment - 1);
  return a & 0x80 ? t : -t;
}

function ulawToLinear(value: number): number {
  const u = ~value & 0xff;
  let t = ((u & 0x0f) << 3) + 0x84;
  t <<= (u & 0x70) >> 4;
  return u & 0x80 ? 0x84 - t : t - 0x84;
}

/** Decodes a chunk into 16-bit linear samples. */
export function decodeSamples(format: PcmFormat, chunk: Uint8Array): Int16Array {
  if (format.encoding === 's16le') {
    const count = Math.floor(chunk.byteLength / 2);
    const view = new DataView(chunk.buffer, chunk.byteOffset, count * 2);
    const out = new Int16Array(count);
    for (let i = 0; i < count; i++) out[i] = view.getInt16(i * 2, true);
    return out;
  }
  const expand = format.encoding === 'alaw' ? alawToLinear : ulawToLinear;
  const out = new Int16Array(chunk.byteLength);
  for (let i = 0; i < chunk.byteLength; i++) out[i] = expand(chunk[i]!);
  return out;
}
