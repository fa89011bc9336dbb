import type { Edit } from '../../document/splice-edits.js';
import { childrenNamed, localName, type XmlElement } from './xml-tree.js';

/** A unit of the rendered document beside the same unit in the target file as it is now. */
export interface UnitBeside {
  /** The unit in the target file (1.2 `<trans-unit>`, 2.0 `<unit>`). */
  previous: XmlElement;
  /** Every target of the unit is written with the text the target file has. */
  same: boolean;
}

// Per version: where notes are, the attribute that names where a note comes from, and the
// one that says a note is about the target.
const VERSIONS = {
  '1.2': { origin: 'from', about: 'annotates' },
  '2.0': { origin: 'category', about: 'appliesTo' },
} as const;

function notesOf(
  element: XmlElement,
  version: keyof typeof VERSIONS,
): { notes: XmlElement[]; list: XmlElement | undefined } {
  if (version === '1.2') return { notes: childrenNamed(element, 'note'), list: undefined };
  const list = childrenNamed(element, 'notes')[0];
  return { notes: list ? childrenNamed(list, 'note') : [], list };
}

/** The line break and indent before `child`, as its parent writes it. */
function leadOf(text: string, parent: XmlElement, child: XmlElement): string {
  const index = parent.children.indexOf(child);
  const from = index > 0 ? parent.children[index - 1]!.end : parent.innerStart;
  return /\s*$/.exec(text.slice(from, child.start))![0];
}

// 2.0 `<notes>` comes before `<originalData>` and the segments.
const AFTER_NOTES = new Set(['originalData', 'segment', 'ignorable']);

/**
 * Edits that keep, in a target rendered from its source, the notes a person added to the
 * target file: notes the source unit does not have whose origin (1.2 `from`, 2.0 `category`,
 * none being one) no note of the source unit has, since a note of the source's own kind is
 * the source's to say (an edited description replaces the old one); and notes about the
 * target (1.2 `annotates="target"`, 2.0 `appliesTo="target"`), which go with the text they
 * describe when it changes. Each is copied as written, after the source's notes, with the
 * line break and indent it had.
 */
export function keptNoteEdits(
  text: string,
  previousText: string,
  version: keyof typeof VERSIONS,
  units: ReadonlyMap<XmlElement, UnitBeside>,
): Edit[] {
  const { origin, about } = VERSIONS[version];
  const edits: Edit[] = [];
  for (const [element, { previous, same }] of units) {
    const own = notesOf(element, version);
    const theirs = notesOf(previous, version);
    if (theirs.notes.length === 0) continue;
    const written = new Set(own.notes.map((n) => text.slice(n.start, n.end)));
    const origins = new Set(own.notes.map((n) => n.attributes[origin] ?? ''));
    const kept = theirs.notes.filter((note) => {
      const aboutTarget = note.attributes[about] === 'target';
      if (aboutTarget && !same) return false;
      if (written.has(previousText.slice(note.start, note.end))) return false;
      return aboutTarget || !origins.has(note.attributes[origin] ?? '');
    });
    if (kept.length === 0) continue;
    const parent = theirs.list ?? previous;
    const body = kept
      .map((note) => leadOf(previousText, parent, note) + previousText.slice(note.start, note.end))
      .join('');
    const last = own.notes.at(-1);
    if (last || (version === '1.2' && element.children.length > 0)) {
      const at = last?.end ?? element.children.at(-1)!.end;
      edits.push({ start: at, end: at, render: () => body });
      continue;
    }
    // A `<notes>` of their own, as the target file writes it (or in place of an empty one).
    const list = theirs.list!;
    const close = /\s*$/.exec(previousText.slice(theirs.notes.at(-1)!.end, list.innerEnd))![0];
    const block = `${previousText.slice(list.start, list.innerStart)}${body}${close}</${list.name}>`;
    if (own.list) {
      const { start, end } = own.list;
      edits.push({ start, end, render: () => block });
      continue;
    }
    const index = element.children.findIndex((c) => AFTER_NOTES.has(localName(c.name)));
    const before = index > 0 ? element.children[index - 1]!.end : element.innerStart;
    const lead = leadOf(previousText, previous, list);
    edits.push({ start: before, end: before, render: () => `${lead}${block}` });
  }
  return edits;
}
