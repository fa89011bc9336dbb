import { hashOf } from '../hashing/hash-of.js';
import { segmentText } from '../segments/parse-segment.js';
import { JobQueue } from './job-queue.js';
import type { LocaleSettings } from './locale-settings.js';

/** The request group of a locale's texts with `context`: texts that may share a request. */
export function groupKeyOf(settings: LocaleSettings, context: string | undefined): string {
  return hashOf(settings.optionsHash, context ?? '');
}

/**
 * The translation memory key of a text sent for a locale with `context`: what a run looks up
 * and stores (the text, every setting that changes its translation, the glossary terms it uses).
 */
export function memoryKeyOf(
  settings: LocaleSettings,
  context: string | undefined,
  text: string,
): string {
  return JobQueue.keyOf(
    groupKeyOf(settings, context),
    settings.terms.hashFor(segmentText(text)),
    text,
  );
}
