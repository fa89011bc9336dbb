import { type Node, parseTree } from 'jsonc-parser';
import type { Edit } from '../../document/splice-edits.js';

/** What {@link omitProperties} gives: the edits, and which holders are gone with them. */
export interface Omission {
  edits: Edit[];
  /** Whether the holder at this offset (a property, or an array item) is left out. */
  isGone(holderOffset: number): boolean;
}

function end(node: Node): number {
  return node.offset + node.length;
}

function containerOf(child: Node): Node | undefined {
  const value = child.type === 'property' ? child.children?.[1] : child;
  return value && (value.type === 'object' || value.type === 'array') ? value : undefined;
}

/**
 * Edits that leave the holders at `offsets` (properties, or array items) out of a JSON text,
 * commas and the whitespace before them included, so the rest reads as if written without
 * them. An object left with nothing goes too (unless it is the root, which becomes `{}`),
 * and so does an array that loses any item: an application reads items by index, and
 * dropping one would move the others. jsonc-parser's own `modify` removes one path per call
 * and parses the text again each time; a run that stops early leaves thousands of keys out
 * of a big catalog, so the whole set is worked out in one walk of the tree.
 */
export function omitProperties(text: string, offsets: ReadonlySet<number>): Omission {
  const root = parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
  const gone = new Set<Node>();
  if (!root || offsets.size === 0) return { edits: [], isGone: () => false };
  // How much of a container goes: nothing, some of its children, or all of them.
  const prune = (container: Node): 'none' | 'some' | 'all' => {
    const children = container.children ?? [];
    let count = 0;
    for (const child of children) {
      if (offsets.has(child.offset)) {
        gone.add(child);
        count++;
        continue;
      }
      const inner = containerOf(child);
      if (!inner || (inner.children?.length ?? 0) === 0) continue;
      const left = prune(inner);
      if (left === 'all' || (left === 'some' && inner.type === 'array')) {
        gone.add(child);
        count++;
      }
    }
    return count === 0 ? 'none' : count === children.length ? 'all' : 'some';
  };
  const rootLeft = prune(root);
  if (rootLeft === 'some' && root.type === 'array') for (const c of root.children!) gone.add(c);
  const edits: Edit[] = [];
  const cut = (start: number, stop: number) => {
    if (stop > start) edits.push({ start, end: stop, render: () => '' });
  };
  const emit = (container: Node) => {
    const children = container.children ?? [];
    const first = children.findIndex((c) => !gone.has(c));
    if (first === -1) {
      if (children.length > 0) cut(container.offset + 1, end(container) - 1);
      return;
    }
    // Leading children go with the whitespace after them; later ones with the comma before.
    cut(children[0]!.offset, children[first]!.offset);
    for (let i = first + 1; i < children.length; i++)
      if (gone.has(children[i]!)) cut(end(children[i - 1]!), end(children[i]!));
    for (const child of children) {
      if (gone.has(child)) continue;
      const inner = containerOf(child);
      if (inner) emit(inner);
    }
  };
  emit(root);
  const byOffset = new Map<number, Node>();
  const index = (container: Node) => {
    for (const child of container.children ?? []) {
      byOffset.set(child.offset, child);
      const inner = containerOf(child);
      if (inner) index(inner);
    }
  };
  index(root);
  return {
    edits,
    isGone(holderOffset) {
      for (let node = byOffset.get(holderOffset); node; node = node.parent)
        if (gone.has(node)) return true;
      return false;
    },
  };
}
