import type { Edit } from '../../document/splice-edits.js';
import { escapeRegExp } from '../../segments/escape-reg-exp.js';
import { renderSegment } from '../../segments/render-segment.js';
import type { Original } from '../../segments/segment-markup.js';
import type { UnitTranslation } from '../format-adapter.js';
import { renderIcu } from '../icu/render-icu.js';
import { isUnchanged } from '../unchanged-translation.js';
import type { UnitSite } from './xliff-document.js';
import type { XliffUnit } from './xliff-unit.js';
import {
  type EntityTable,
  encodeXmlText,
  escapeXmlAttribute,
  escapeXmlText,
  readXmlText,
} from './xml-entities.js';
import { decodeXmlText, tokenizeFragment, type XmlElement } from './xml-tree.js';

/** What writing the targets of one document needs. */
export interface TargetContext {
  text: string;
  /** Rendering another locale than the source's: states and languages are set. */
  other: boolean;
  targetLocale: string;
  entities: EntityTable;
  /** How the document writes characters as references, for text a unit did not have. */
  forms: ReadonlyMap<string, string>;
}

// One pattern per attribute name, compiled once: every target edit looks up two or three.
const PATTERNS = new Map<string, { value: RegExp; whole: RegExp }>();
function patternsOf(name: string): { value: RegExp; whole: RegExp } {
  let patterns = PATTERNS.get(name);
  if (!patterns) {
    const escaped = escapeRegExp(name);
    patterns = {
      value: new RegExp(`(\\s${escaped}\\s*=\\s*)(["'])([^"']*)\\2`),
      whole: new RegExp(`\\s+${escaped}\\s*=\\s*(["'])[^"']*\\1`),
    };
    PATTERNS.set(name, patterns);
  }
  return patterns;
}

/** Sets (or adds) an attribute in a start tag's text, keeping the tag's quoting and spacing. */
export function setAttribute(tag: string, name: string, value: string): string {
  const existing = patternsOf(name).value.exec(tag);
  if (existing) {
    const quote = existing[2]!;
    return `${tag.slice(0, existing.index)}${existing[1]}${quote}${escapeXmlAttribute(value, quote)}${quote}${tag.slice(existing.index + existing[0].length)}`;
  }
  const close = tag.endsWith('/>') ? tag.length - 2 : tag.length - 1;
  const before = tag.slice(0, close).replace(/\s+$/, '');
  return `${before} ${name}="${escapeXmlAttribute(value)}"${tag.slice(close)}`;
}

/** Removes an attribute from a start tag's text. */
export function removeAttribute(tag: string, name: string): string {
  return tag.replace(patternsOf(name).whole, '');
}

function attributeOf(tag: string, name: string): string | undefined {
  return patternsOf(name).value.exec(tag)?.[3];
}

// States that say a target holds no translation yet (2.0 `initial` is also the default).
const PENDING = new Set(['initial', 'new', 'needs-translation']);

/**
 * Whether a state host's start tag says, in so many words, that its target holds no
 * translation yet (`state="new"`, `needs-translation`, `initial`): a copy of the source a tool
 * put there as a start (Angular's extract-i18n-merge, say), not a text anyone chose.
 */
export function saysUntranslated(hostTag: string): boolean {
  const state = attributeOf(hostTag, 'state');
  return state !== undefined && PENDING.has(state);
}

/** Whether a target's state becomes `translated`: its text changed, or it had no translation yet. */
function needsState(hostTag: string, changed: boolean, defaultPending: boolean): boolean {
  const state = attributeOf(hostTag, 'state');
  return changed || (state === undefined ? defaultPending : PENDING.has(state));
}

/** `state="translated"`, without the qualifier that described the text it replaces. */
function translatedState(tag: string): string {
  return removeAttribute(
    removeAttribute(setAttribute(tag, 'state', 'translated'), 'subState'),
    'state-qualifier',
  );
}

/**
 * The state of a text whose source changed since a person wrote or reviewed it: 1.2
 * `needs-review-translation` (its qualifier said something of the old source); 2.0 has no
 * such state, so a `reviewed` or `final` text goes back to `translated`.
 */
function reviewState(tag: string, version12: boolean): string {
  if (version12)
    return removeAttribute(
      setAttribute(tag, 'state', 'needs-review-translation'),
      'state-qualifier',
    );
  const state = attributeOf(tag, 'state');
  return state === 'reviewed' || state === 'final'
    ? removeAttribute(setAttribute(tag, 'state', 'translated'), 'subState')
    : tag;
}

// What a state host says of its text: 1.2 `state` and `state-qualifier` on `<target>`, 2.0
// `state` and `subState` on `<segment>`.
const STATE_ATTRIBUTES = ['state', 'state-qualifier', 'subState'];

/** `tag` with the attributes `names` as `from` has them (set, or absent). */
function keepAttributes(tag: string, from: string, names: readonly string[]): string {
  let out = tag;
  for (const name of names) {
    const value = attributeOf(from, name);
    out =
      value === undefined
        ? removeAttribute(out, name)
        : setAttribute(out, name, decodeXmlText(value));
  }
  return out;
}

/** The target file's own target of a unit (the file as it is now), and what it says of it. */
export interface PreviousTarget {
  /** The text written is the text the target file has: what it says of that text stays. */
  same: boolean;
  /** Start tag of its state host (1.2 `<target>`, 2.0 `<segment>`). */
  hostTag: string;
  /** Start tag of its 1.2 `<trans-unit>` (its `approved`). */
  unitTag: string;
}

/** The content a target gets: whitespace as in the source, the translation, in CDATA if the source was. */
export function targetContent(
  unit: XliffUnit,
  translation: UnitTranslation,
  copy: (o: Original) => string,
  forms: ReadonlyMap<string, string>,
): string {
  const { content, textElement } = unit;
  // The text itself: its exact bytes, references and ICU spacing included.
  if (isUnchanged(unit, translation))
    return copy({ start: textElement.innerStart, end: textElement.innerEnd });
  const encode = content.cdata ? (t: string) => t : (t: string) => encodeXmlText(t, forms);
  const body = content.icu
    ? renderIcu(
        translation,
        { plural: unit.plural, markup: unit.markup, literals: content.literals },
        {
          encode,
          original: copy,
          isIcuSyntax: (original) => typeof original === 'string',
          tags: false,
        },
      )
    : renderSegment(translation as string, unit.markup, {
        text: encode,
        original: (o) => (typeof o === 'string' ? encode(o) : copy(o)),
      });
  const wrapped = content.cdata ? `<![CDATA[${body.replaceAll(']]>', ']]]]><![CDATA[>')}]]>` : body;
  return `${content.lead}${wrapped}${content.trail}`;
}

/** Element content in one spelling: references decoded, CDATA escaped, markup as written. */
function canonical(raw: string, entities: EntityTable): string {
  let out = '';
  for (const token of tokenizeFragment(raw, 0, raw.length)) {
    if (token.type === 'cdata') out += escapeXmlText(token.value);
    else if (token.type !== 'text') out += raw.slice(token.start, token.end);
    else
      for (const piece of readXmlText(raw, token.start, token.end, entities, new Map()))
        out +=
          piece.kind === 'text' ? escapeXmlText(piece.value) : raw.slice(piece.start, piece.end);
  }
  return out.trim();
}

/**
 * Whether two element contents say the same (a target that needs no edit); `b` may come from
 * another document, whose entities are `bEntities`.
 */
export function sameContent(
  a: string,
  b: string,
  entities: EntityTable,
  bEntities: EntityTable = entities,
): boolean {
  if (a === b) return true;
  // Without references or CDATA both are already in one spelling.
  if (!/&|<!\[CDATA\[/.test(a) && !/&|<!\[CDATA\[/.test(b)) return a.trim() === b.trim();
  return canonical(a, entities) === canonical(b, bEntities);
}

/** How {@link targetEdits} decides a target's state. */
export interface TargetStateOptions {
  /** With `content` null: whether the text changed. */
  changedText?: boolean;
  /** The target file's own target of the unit: its text, not the source's, decides the state. */
  previous?: PreviousTarget | undefined;
  /**
   * A text kept whose source changed since it was written or reviewed: 1.2 says
   * `needs-review-translation`, 2.0 takes a `reviewed` or `final` text back to `translated`.
   */
  review?: boolean;
}

/**
 * Edits that write `content` as a target (`null`: its content stays, and `changedText` says
 * whether it changed): into an existing `<target>` (only when it says something else), a
 * `<target/>` turned into a full element, or a new `<target>` on its own line after
 * `place.insertAfter` (with `xml:lang` when the source has one). For another locale, a
 * target's `xml:lang` follows it, and the state (1.2 target, 2.0 segment) becomes
 * `translated` when the text changed or was not a translation yet (1.2 `approved` is then
 * dropped); a reviewed or final text that stays the same keeps its state, as the target file
 * has it when there is one (`options.previous`).
 */
export function targetEdits(
  place: Pick<UnitSite, 'element' | 'target' | 'insertAfter' | 'stateHost' | 'sourceLang'>,
  content: string | null,
  context: TargetContext,
  options: TargetStateOptions = {},
): Edit[] {
  const { text, other } = context;
  const { target, stateHost } = place;
  const edits: Edit[] = [];
  const existing = target ? text.slice(target.innerStart, target.innerEnd) : '';
  const differs =
    options.changedText ??
    (!target || (content !== null && !sameContent(existing, content, context.entities)));
  const previous = other ? options.previous : undefined;
  const changed = previous ? !previous.same : differs;
  // A text that stays the same says what the target file says of it.
  const kept = previous?.same ? previous : undefined;
  const hostTag =
    stateHost === 'target'
      ? target
        ? text.slice(target.start, target.innerStart)
        : ''
      : text.slice(stateHost.start, stateHost.innerStart);
  const state =
    other &&
    needsState(
      kept?.hostTag ?? hostTag,
      changed,
      stateHost !== 'target' || (!target && kept === undefined),
    );
  const review = other && options.review === true && !state;
  const withState = (tag: string) => {
    const out = kept ? keepAttributes(tag, kept.hostTag, STATE_ATTRIBUTES) : tag;
    if (review) return reviewState(out, stateHost === 'target');
    return state ? translatedState(out) : out;
  };
  const targetTag = (tag: string) => {
    let out = tag;
    if (other && attributeOf(out, 'xml:lang') !== undefined)
      out = setAttribute(out, 'xml:lang', context.targetLocale);
    return stateHost === 'target' ? withState(out) : out;
  };
  if (target && !target.selfClosing) {
    const tag = text.slice(target.start, target.innerStart);
    const next = targetTag(tag);
    if (next !== tag)
      edits.push({ start: target.start, end: target.innerStart, render: () => next });
    if (differs && content !== null)
      edits.push({ start: target.innerStart, end: target.innerEnd, render: () => content });
  } else if (target) {
    const tag = targetTag(text.slice(target.start, target.end)).replace(/\s*\/>$/, '>');
    edits.push({
      start: target.start,
      end: target.end,
      render: () => `${tag}${content ?? ''}</${target.name}>`,
    });
  } else {
    const after = place.insertAfter;
    const lineStart = text.lastIndexOf('\n', after.start) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart, after.start))![0];
    const eol = text[lineStart - 2] === '\r' ? '\r\n' : '\n';
    const colon = after.name.indexOf(':');
    const name = `${colon === -1 ? '' : after.name.slice(0, colon + 1)}target`;
    const lang =
      place.sourceLang === undefined
        ? ''
        : ` xml:lang="${escapeXmlAttribute(context.targetLocale)}"`;
    const open = targetTag(`<${name}${lang}>`);
    edits.push({
      start: after.end,
      end: after.end,
      render: () => `${eol}${indent}${open}${content ?? ''}</${name}>`,
    });
  }
  if (other && stateHost !== 'target') {
    const next = withState(hostTag);
    if (next !== hostTag)
      edits.push({ start: stateHost.start, end: stateHost.innerStart, render: () => next });
  }
  if (other && stateHost === 'target')
    edits.push(...approvedEdits(text, place.element, kept, Boolean(state) || review));
  return edits;
}

// 1.2 `approved` on `<trans-unit>` says the same of the target as its state: as the target
// file has it for a text that stays (`kept`), dropped when the state changes.
function approvedEdits(
  text: string,
  element: XmlElement,
  kept: PreviousTarget | undefined,
  drop: boolean,
): Edit[] {
  const unitTag = text.slice(element.start, element.innerStart);
  let next = kept ? keepAttributes(unitTag, kept.unitTag, ['approved']) : unitTag;
  if (drop) next = removeAttribute(next, 'approved');
  return next === unitTag
    ? []
    : [{ start: element.start, end: element.innerStart, render: () => next }];
}
