import { expect, it } from 'vitest';
import { createUpdateBatcher, type DevUpdate } from './update-batcher.js';

it('sends one event per locale for the catalogs that change together', async () => {
  const sent: DevUpdate[] = [];
  const batcher = createUpdateBatcher((update) => sent.push(update), 10);
  batcher.add({ locale: 'de', file: 'locales/de/a.json', namespace: 'a', content: { x: '1' } });
  batcher.add({ locale: 'ja', file: 'locales/ja/a.json', namespace: 'a', content: { x: '2' } });
  batcher.add({ locale: 'de', file: 'locales/de/b.json', namespace: 'b', content: { y: '3' } });
  // A catalog saved mid-edit is named without content.
  batcher.add({ locale: 'de', file: 'locales/de/c.json', namespace: 'c' });
  expect(sent).toEqual([]);
  await new Promise((r) => setTimeout(r, 30));
  expect(sent).toEqual([
    {
      locale: 'de',
      files: ['locales/de/a.json', 'locales/de/b.json', 'locales/de/c.json'],
      resources: { a: { x: '1' }, b: { y: '3' } },
    },
    { locale: 'ja', files: ['locales/ja/a.json'], resources: { a: { x: '2' } } },
  ]);
  batcher.add({ locale: 'de', file: 'locales/de/a.json', namespace: 'a', content: { x: '4' } });
  batcher.flush();
  expect(sent).toHaveLength(3);
});
