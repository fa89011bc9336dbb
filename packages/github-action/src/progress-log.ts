import type { RunEvent } from '@transloom/core';

/**
 * The run's progress as log lines: what each locale sends, once per locale (the engine plans
 * locale by locale, and each plan names only its own), each line naming its locale, and how
 * far the sending of each locale is.
 */
export function createProgressLog(print: (line: string) => void): (event: RunEvent) => void {
  const planned = new Map<string, number>();
  const sent = new Map<string, number>();
  let filesShown = false;
  return (event) => {
    if (event.type === 'planned') {
      if (!filesShown) {
        filesShown = true;
        print(`${event.files.upToDate} of ${event.files.total} files up to date`);
      }
      for (const [locale, { send, units }] of Object.entries(event.locales)) {
        if (planned.has(locale)) continue;
        planned.set(locale, send);
        print(
          send === 0
            ? `${locale}: nothing to send`
            : `${locale}: ${send} texts to send for ${units} units`,
        );
      }
    } else if (event.type === 'batch') {
      const done = (sent.get(event.locale) ?? 0) + event.texts;
      sent.set(event.locale, done);
      const total = planned.get(event.locale);
      print(`${event.locale}: ${done}${total ? ` of ${total}` : ''} texts translated`);
    }
  };
}
