import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../formats/load-document.js';
import { alignBlocks } from './align-blocks.js';

const pinia = (path: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../../../fixtures/adoption/pinia-docs/${path}`, import.meta.url)),
    'utf8',
  );

const blocksOf = (path: string, content: string) => loadDocument({ path, content }).blocks();

describe('alignBlocks', () => {
  it('lines up a person’s translated page with its source block by block, code blocks included', () => {
    const source = blocksOf('state.md', pinia('core-concepts/state.md'));
    const target = blocksOf('zh/state.md', pinia('zh/core-concepts/state.md'));
    const pairs = alignBlocks(source, target)!;
    // Every code block of the page finds its translation (the person translated its comments).
    const codes = source.filter((b) => b.shape.startsWith('code:')).length;
    expect(codes).toBeGreaterThan(3);
    expect(pairs.filter((p) => source[p.source]!.shape.startsWith('code:'))).toHaveLength(codes);
    for (const p of pairs) expect(source[p.source]!.shape).toBe(target[p.target]!.shape);
  });

  it('a block one side lacks shifts nothing: the others keep their partners', () => {
    const text = pinia('core-concepts/state.md');
    const translated = pinia('zh/core-concepts/state.md');
    const before = alignBlocks(blocksOf('a.md', text), blocksOf('b.md', translated))!;
    // A new paragraph in the source after its first heading.
    const heading = text.indexOf('\n## ') + 1;
    const lineEnd = text.indexOf('\n', heading);
    const added = `${text.slice(0, lineEnd + 1)}\nA new paragraph about \`state\` in 2 lines.\n${text.slice(lineEnd + 1)}`;
    const source = blocksOf('a.md', added);
    const after = alignBlocks(source, blocksOf('b.md', translated))!;
    const inserted = source.findIndex((b) => added.slice(b.start, b.end).startsWith('A new'));
    expect(inserted).toBeGreaterThan(0);
    expect(after.some((p) => p.source === inserted)).toBe(false);
    // Each target block keeps the source block it had, one further on past the new one.
    const shifted = before.map((p) => ({
      source: p.source >= inserted ? p.source + 1 : p.source,
      target: p.target,
    }));
    expect(after.map((p) => ({ source: p.source, target: p.target }))).toEqual(shifted);
  });

  it('reads a container’s fence lines as blocks of their own', () => {
    const blocks = blocksOf('a.md', '# Title\n\n::: tip Note\nText.\n:::\n');
    expect(blocks.map((b) => b.shape)).toEqual(['heading1', 'fence::tip', 'paragraph', 'fence::']);
  });

  it('pairs no blocks of different shapes', () => {
    const pairs = alignBlocks(
      blocksOf('a.md', '# One\n\nText.\n'),
      blocksOf('b.md', '- a list\n- of two\n'),
    );
    expect(pairs).toEqual([]);
  });
});
