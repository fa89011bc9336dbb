import { packBatches, translateOptionsToWire } from '@transloom/client';
import { countCharacters } from '@transloom/client/wire';
import { groupBy } from '../collections/group-by.js';
import type { JobQueue } from './job-queue.js';
import type { RunReport } from './run-report.js';

/**
 * Counts what is left to send, per locale: texts, their characters, and the requests they
 * take when packed as the client packs them (50 texts, 131072 bytes). Returns the texts by locale.
 */
export function countPending(
  pending: ReturnType<JobQueue['pending']>,
  report: RunReport,
): Map<string, typeof pending> {
  const byLocale = groupBy(pending, (item) => item.locale);
  for (const [locale, items] of byLocale) {
    const counts = report.locales[locale]!;
    counts.pending = items.length;
    counts.characters = items.reduce((n, item) => n + countCharacters(item.text), 0);
    for (const list of groupBy(items, (item) => item.group).values()) {
      const wire = translateOptionsToWire({
        ...list[0]!.options,
        tagHandling: 'xml',
        preserveFormatting: true,
        showBilledCharacters: true,
      });
      counts.requests += packBatches(
        list.map((i) => i.text),
        wire,
      ).length;
    }
  }
  return byLocale;
}
