/** Faults the server can inject when started with `--faults`. */
export const FAULT_KINDS = [
  '413',
  '429',
  '529',
  '500',
  '502',
  '503',
  '456',
  'hang',
  'reset',
  'mangle',
] as const;

/** One kind of fault. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A fault to inject, optionally limited to one path. */
export interface FaultSpec {
  kind: FaultKind;
  /** Seconds sent in `Retry-After` with 429 and 529 (default 1). */
  retryAfter?: number;
  /** Only requests to this path (prefix) take the fault. */
  path?: string;
}

/** Random faults: each matching request fails with probability `rate`. */
export interface RandomFaults {
  rate: number;
  kinds: readonly FaultKind[];
  seed?: number;
  paths?: readonly string[];
  retryAfter?: number;
}

/** A request as recorded for tests. */
export interface RecordedRequest {
  id: number;
  method: string;
  path: string;
  receivedAt: string;
  contentLength: number | null;
  status: number | null;
  fault: FaultKind | null;
  texts?: number;
  targetLang?: string;
}

// mulberry32: a tiny seeded generator, so a fault-rate test is reproducible.
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAX_RECORDED = 20_000;

/** Holds armed and random faults and the log of received requests. */
export class FaultInjector {
  private armed: Array<FaultSpec & { remaining: number }> = [];
  private random: (RandomFaults & { next: () => number }) | null = null;
  private nextId = 1;
  readonly requests: RecordedRequest[] = [];

  /** Makes the next `count` matching requests take `spec`. */
  arm(spec: FaultSpec, count: number): void {
    if (count > 0) this.armed.push({ ...spec, remaining: count });
  }

  /** Turns random faults on (or off with `null`). */
  setRandom(config: RandomFaults | null): void {
    this.random = config && { ...config, next: seeded(config.seed ?? 1) };
  }

  /** Drops every armed and random fault. */
  clear(): void {
    this.armed = [];
    this.random = null;
  }

  /** The fault a request to `path` takes, if any. */
  take(path: string): FaultSpec | null {
    const index = this.armed.findIndex((f) => f.path === undefined || path.startsWith(f.path));
    if (index !== -1) {
      const fault = this.armed[index]!;
      fault.remaining--;
      if (fault.remaining <= 0) this.armed.splice(index, 1);
      const { remaining: _remaining, ...spec } = fault;
      return spec;
    }
    const random = this.random;
    if (!random || random.kinds.length === 0) return null;
    if (random.paths && !random.paths.some((p) => path.startsWith(p))) return null;
    if (random.next() >= random.rate) return null;
    const kind = random.kinds[Math.floor(random.next() * random.kinds.length)]!;
    return random.retryAfter === undefined ? { kind } : { kind, retryAfter: random.retryAfter };
  }

  /** Records a received request and returns its log entry for later updates. */
  record(entry: Omit<RecordedRequest, 'id'>): RecordedRequest {
    const recorded = { id: this.nextId++, ...entry };
    this.requests.push(recorded);
    if (this.requests.length > MAX_RECORDED)
      this.requests.splice(0, this.requests.length - MAX_RECORDED);
    return recorded;
  }
}

/**
 * Parses an `X-Transloom-Fault` header: `<kind>[; count=N][; retry-after=S][; path=/v2/translate]`.
 * Returns null when the header is malformed.
 */
export function parseFaultHeader(value: string): { spec: FaultSpec; count: number } | null {
  const [head, ...rest] = value.split(';').map((p) => p.trim());
  if (!head || !(FAULT_KINDS as readonly string[]).includes(head)) return null;
  const spec: FaultSpec = { kind: head as FaultKind };
  let count = 1;
  for (const part of rest) {
    const [name, raw] = part.split('=').map((p) => p.trim());
    if (name === 'count' && raw && /^\d+$/.test(raw)) count = Number(raw);
    else if (name === 'retry-after' && raw && /^\d+(\.\d+)?$/.test(raw))
      spec.retryAfter = Number(raw);
    else if (name === 'path' && raw?.startsWith('/')) spec.path = raw;
    else return null;
  }
  return { spec, count };
}

/** Breaks the markup of a translated text, as a misbehaving engine would. */
export function mangleMarkup(text: string): string {
  const id = /\bid="([^"]*)"/.exec(text);
  if (id)
    return `${text.slice(0, id.index)}id="${id[1]}-mangled"${text.slice(id.index + id[0].length)}`;
  const tag = /<[^>]+>/.exec(text);
  if (tag) return text.slice(0, tag.index) + text.slice(tag.index + tag[0].length);
  return `${text}</g>`;
}
