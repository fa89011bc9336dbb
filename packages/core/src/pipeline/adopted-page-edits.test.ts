import { describe, expect, it } from 'vitest';
import { testProject, testService } from '../test-support/test-project.js';

const CONFIG = JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de'],
  files: [{ source: 'docs/**/*.md', target: 'i18n/{locale}/{path}' }],
});
// A first run after a person said the texts found are theirs (`transloom adopt --accept`).
const ADOPTED = { adopt: () => true };

// An English paragraph and the German a person wrote for it.
const PARAGRAPHS = Array.from({ length: 6 }, (_, i) => ({
  en: `Paragraph number ${i} says something. It has a second sentence.`,
  de: `Absatz Nummer ${i} sagt etwas. Er hat einen zweiten Satz.`,
}));
const page = (blocks: readonly string[]) => `${blocks.join('\n\n')}\n`;

// A small deterministic generator (mulberry32), so a failing case can be run again.
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

describe("a person's page whose source changes", async () => {
  const server = await testService();

  it('is never written over a block the source split or marked up anew; new blocks go in where it lines up, and a deleted one goes', async () => {
    const source = ['# Guide', ...PARAGRAPHS.slice(0, 3).map((p) => p.en)];
    const theirs = page(['# Anleitung', ...PARAGRAPHS.slice(0, 3).map((p) => p.de)]);
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'docs/guide.md': page(source),
      'i18n/de/guide.md': theirs,
    });
    expect((await project.run(server, ADOPTED)).locales.de!.kept).toBe(4);

    // A block added before and after: written in, every block of theirs as it was.
    await project.write(
      'docs/guide.md',
      page(['# Guide', 'New on top.', ...source.slice(1), 'New at the end.']),
    );
    const added = await project.run(server);
    expect(added.notAligned).toEqual([]);
    expect(added.locales.de!.translated).toBe(2);
    let german = await project.read('i18n/de/guide.md');
    for (const p of PARAGRAPHS.slice(0, 3)) expect(german).toContain(`\n${p.de}\n`);
    expect(german).not.toContain('New on top.');

    // The first paragraph split in two: theirs stays, taken for the first half (stale), and
    // the second half is translated in after it.
    const [first, second] = PARAGRAPHS[0]!.en.split('. ');
    await project.write(
      'docs/guide.md',
      page(['# Guide', 'New on top.', `${first}.`, second!, ...source.slice(2), 'New at the end.']),
    );
    const split = await project.run(server);
    expect(split.locales.de!.translated).toBe(1);
    expect(split.stale.map((e) => e.locale)).toEqual(['de']);
    german = await project.read('i18n/de/guide.md');
    for (const p of PARAGRAPHS.slice(0, 3)) expect(german).toContain(`\n${p.de}\n`);

    // Its second paragraph marked up anew: their text no longer carries the source's markup,
    // and writing the page would replace it: the page is left as it is, and reported.
    const marked = PARAGRAPHS[1]!.en.replace('says', '*says*');
    await project.write(
      'docs/guide.md',
      page(['# Guide', 'New on top.', `${first}.`, second!, marked, source[3]!, 'New at the end.']),
    );
    const remarked = await project.run(server);
    expect(remarked.files.written).toEqual([]);
    expect(remarked.notAligned).toEqual([
      expect.objectContaining({ target: 'i18n/de/guide.md', due: 1 }),
    ]);
    expect(await project.read('i18n/de/guide.md')).toBe(german);
    // Still so on the next run: the lock kept what it knew of the page.
    expect((await project.run(server)).notAligned).toHaveLength(1);

    // The source drops that paragraph: the page lines up again, without it.
    await project.write(
      'docs/guide.md',
      page(['# Guide', 'New on top.', `${first}.`, second!, source[3]!, 'New at the end.']),
    );
    const deleted = await project.run(server);
    expect(deleted.notAligned).toEqual([]);
    german = await project.read('i18n/de/guide.md');
    expect(german).not.toContain(PARAGRAPHS[1]!.de);
    for (const p of [PARAGRAPHS[0]!, PARAGRAPHS[2]!]) expect(german).toContain(`\n${p.de}\n`);
  });

  it('keeps every block of theirs through random insertions, deletions, splits and markup changes of the source', async () => {
    // How often each edit was made, over every seed: each kind is tried.
    const made = [0, 0, 0, 0];
    for (let seed = 1; seed <= 12; seed++) {
      const random = seeded(seed);
      // Each of their paragraphs: its source now, or gone.
      const blocks: Array<{ of?: number; text: string }> = PARAGRAPHS.map((p, i) => ({
        of: i,
        text: p.en,
      }));
      const project = await testProject({
        'transloom.config.json': CONFIG,
        'docs/guide.md': page(['# Guide', ...blocks.map((b) => b.text)]),
        'i18n/de/guide.md': page(['# Anleitung', ...PARAGRAPHS.map((p) => p.de)]),
      });
      await project.run(server, ADOPTED);
      const deleted = new Set<number>();
      for (let step = 0; step < 4; step++) {
        const at = Math.floor(random() * blocks.length);
        const block = blocks[at];
        let op = Math.floor(random() * 4);
        if (!block || (op === 2 && !block.text.includes('. '))) op = 0;
        made[op]!++;
        if (op === 0 || !block) blocks.splice(at, 0, { text: `Inserted ${seed}.${step}.` });
        else if (op === 1) {
          blocks.splice(at, 1);
          if (block.of !== undefined) deleted.add(block.of);
        } else if (op === 2) {
          const [a, b] = block.text.split('. ');
          blocks.splice(at, 1, { text: `${a}.` }, { text: b! });
        } else {
          block.text = block.text.replace(/(\w+) says/, '*$1* says');
        }
        await project.write('docs/guide.md', page(['# Guide', ...blocks.map((b) => b.text)]));
        const run = await project.run(server);
        expect(run.failures, `seed ${seed} step ${step}`).toEqual([]);
        const german = await project.read('i18n/de/guide.md');
        // A block of theirs whose source is there, changed or not, is theirs as they wrote it.
        PARAGRAPHS.forEach((p, i) => {
          if (!deleted.has(i))
            expect(german, `seed ${seed} step ${step}: paragraph ${i}`).toContain(p.de);
        });
      }
    }
    expect(
      made.every((n) => n > 0),
      `edits made: ${made}`,
    ).toBe(true);
  });
});
