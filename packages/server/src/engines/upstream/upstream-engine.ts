import { createHash } from 'node:crypto';
import { createClient, NotFoundError, type TransloomClient } from '@transloom/client';
import { REPHRASE_TARGETS, type ToneWire, type WritingStyleWire } from '@transloom/client/wire';
import type { UpstreamCacheStore } from '../../store/upstream-cache-store.js';
import type {
  EngineGlossaryRef,
  EngineRephraseInput,
  EngineTranslateInput,
  TranslationEngine,
} from '../translation-engine.js';
import { styleInstructions } from './style-instructions.js';
import { upstreamFailure } from './upstream-errors.js';

/** Where the gateway forwards to, and where it keeps what the upstream answered. */
export interface UpstreamEngineOptions {
  /** Base URL of a service that speaks the contract (the real one, or another instance of this one). */
  url: string;
  /** The upstream key; never printed. */
  key: string;
  /** Answers and upstream glossaries, shared by every replica. */
  cache: UpstreamCacheStore;
  /** Milliseconds one upstream call may take (default 60000). */
  timeoutMs?: number;
  /** Days a cached answer is kept (default 30): the cache does not grow without end. */
  cacheDays?: number;
  /** The client to call upstream with (tests); default: one made from `url` and `key`. */
  client?: TransloomClient;
}

/** The gateway engine: what {@link createUpstreamEngine} returns. */
export interface UpstreamEngine extends TranslationEngine {
  /** Calls made upstream so far (translate and rephrase requests). */
  readonly upstreamCalls: () => number;
}

const REPHRASE_LANGUAGES = new Map(REPHRASE_TARGETS.map((t) => [t.toLowerCase(), t]));

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * Forwards text translation and improvement to an upstream service through the client, and
 * answers repeated texts from a cache in the service's database, so every replica answers
 * them without calling upstream. The caller's key is billed by the gateway as for any
 * request (before the work, refunded on failure); the upstream is billed once per text.
 *
 * A team glossary is created upstream, once per version of its content, and named in the
 * request: the upstream applies it as it applies its own (in context, inflected), where
 * replacing terms in the source text would hand it sentences half in the target language.
 */
export function createUpstreamEngine(options: UpstreamEngineOptions): UpstreamEngine {
  const client =
    options.client ??
    createClient({
      apiKey: options.key,
      serverUrl: options.url,
      // Refusals are passed on at once with their Retry-After: the caller's client backs off,
      // and a gateway that also waited would hold the caller's request twice as long.
      maxRetries: 0,
      timeoutMs: options.timeoutMs ?? 60_000,
      unreachableCooldownMs: 2_000,
    });
  const scope = sha256(options.url.replace(/\/+$/, ''));
  // Texts being fetched by a call of this process: a second request for them waits for it.
  const inflight = new Map<string, Promise<string>>();
  let calls = 0;
  const maxAgeMs = (options.cacheDays ?? 30) * 24 * 60 * 60 * 1000;
  let prunedAt = 0;
  // Old answers are deleted at most once an hour, by whichever call comes then (no timer).
  function pruneNow(): void {
    const now = Date.now();
    if (now - prunedAt < 60 * 60 * 1000) return;
    prunedAt = now;
    void options.cache.prune(now - maxAgeMs).catch(() => undefined);
  }

  // Answers for `texts` under `settings`: from the cache, from a call in flight, or upstream.
  async function answer(
    settings: unknown,
    texts: readonly string[],
    fetch: (missing: string[]) => Promise<string[]>,
  ): Promise<string[]> {
    pruneNow();
    const prefix = JSON.stringify([scope, settings]);
    const keys = texts.map((text) => sha256(`${prefix}\u0000${text}`));
    const cached = await options.cache.answers([...new Set(keys)]);
    const missing = new Map<string, string>();
    keys.forEach((key, i) => {
      if (!cached.has(key) && !inflight.has(key)) missing.set(key, texts[i]!);
    });
    if (missing.size > 0) {
      const pending = (async () => {
        calls++;
        const out = await fetch([...missing.values()]);
        const entries = [...missing.keys()].map((key, i) => [key, out[i]!] as const);
        await options.cache.saveAnswers(entries, Date.now());
        return new Map(entries);
      })();
      for (const key of missing.keys()) {
        const one = pending.then((found) => found.get(key)!);
        inflight.set(key, one);
        void one.then(
          () => inflight.delete(key),
          () => inflight.delete(key),
        );
      }
    }
    return Promise.all(
      keys.map(async (key) => cached.get(key) ?? (await inflight.get(key)) ?? missing.get(key)!),
    );
  }

  // The upstream copy of a dictionary version, created the first time a replica needs it.
  const glossaryKey = (ref: EngineGlossaryRef) => sha256(JSON.stringify([scope, ref]));
  async function upstreamGlossary(
    ref: EngineGlossaryRef,
    entries: EngineTranslateInput['glossary'],
  ): Promise<string> {
    const key = glossaryKey(ref);
    const known = await options.cache.glossary(key);
    if (known) return known;
    const created = await client.glossaries.create({
      name: `transloom gateway ${ref.glossaryId} ${ref.sourceLang}-${ref.targetLang}`,
      dictionaries: [
        { sourceLang: ref.sourceLang, targetLang: ref.targetLang, entries: [...(entries ?? [])] },
      ],
    });
    const winner = await options.cache.saveGlossary(key, created.glossaryId, Date.now());
    // Another replica made one at the same moment: keep theirs, drop ours.
    if (winner !== created.glossaryId)
      await client.glossaries.delete(created.glossaryId).catch(() => undefined);
    return winner;
  }

  async function translate(input: EngineTranslateInput): Promise<string[]> {
    const instructions = styleInstructions(input.style, input.customInstructions);
    const settings = {
      ...input,
      texts: undefined,
      glossary: undefined,
      glossaryRef: input.glossaryRef ?? null,
      style: input.style && { id: input.style.styleId, version: input.style.version },
      customInstructions: instructions,
    };
    return answer(settings, input.texts, async (missing) => {
      const glossaryId =
        input.glossaryRef && (await upstreamGlossary(input.glossaryRef, input.glossary));
      const result = await client.translate({
        text: missing,
        sourceLang: input.sourceLang,
        targetLang: input.targetLang,
        modelType: input.modelType,
        splitSentences: input.splitSentences,
        ...(input.formality !== 'default' ? { formality: input.formality } : {}),
        ...(input.context !== null ? { context: input.context } : {}),
        ...(input.preserveFormatting ? { preserveFormatting: true } : {}),
        ...(input.tagHandling ? { tagHandling: input.tagHandling } : {}),
        ...(input.outlineDetection ? {} : { outlineDetection: false }),
        ...(input.ignoreTags.length > 0 ? { ignoreTags: [...input.ignoreTags] } : {}),
        ...(input.splittingTags.length > 0 ? { splittingTags: [...input.splittingTags] } : {}),
        ...(input.nonSplittingTags.length > 0
          ? { nonSplittingTags: [...input.nonSplittingTags] }
          : {}),
        ...(instructions.length > 0 ? { customInstructions: instructions } : {}),
        ...(glossaryId ? { glossaryId } : {}),
      });
      return result.translations.map((t) => t.text);
    });
  }

  return {
    name: 'upstream',
    upstreamCalls: () => calls,
    async translate(input) {
      try {
        return await translate(input);
      } catch (error) {
        // The upstream copy of a glossary was deleted there: forget it and make it again once.
        if (error instanceof NotFoundError && input.glossaryRef) {
          try {
            const key = glossaryKey(input.glossaryRef);
            const stale = await options.cache.glossary(key);
            if (stale) await options.cache.forgetGlossary(key, stale);
            return await translate(input);
          } catch (again) {
            throw upstreamFailure(again);
          }
        }
        throw upstreamFailure(error);
      }
    },
    async rephrase(input: EngineRephraseInput) {
      // A language the contract takes as target_lang is sent; a detected one is left to the upstream.
      const target = REPHRASE_LANGUAGES.get(input.language.toLowerCase());
      try {
        return await answer(
          { rephrase: true, target: target ?? null, style: input.writingStyle, tone: input.tone },
          input.texts,
          async (missing) => {
            const result = await client.rephrase({
              text: missing,
              ...(target ? { targetLang: target } : {}),
              ...(input.writingStyle
                ? { writingStyle: input.writingStyle as WritingStyleWire }
                : {}),
              ...(input.tone ? { tone: input.tone as ToneWire } : {}),
            });
            return result.improvements.map((i) => i.text);
          },
        );
      } catch (error) {
        throw upstreamFailure(error);
      }
    },
  };
}
