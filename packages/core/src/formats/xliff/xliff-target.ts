import type { Edit } from '../../document/splice-edits.js';
import { renderSegment } from '../../segments/render-segment.js';
import type { Original } from '../../segments/segment-markup.js';
import type { AdapterUnit, UnitTranslation } from '../format-adapter.js';
import { renderIcu } from '../icu/render-icu.js';
import { isUnchanged } from '../unchanged-translation.js';
import type { InlineContent } from './xliff-inline.js';
import { escapeXmlAttribute, escapeXmlText, type XmlElement } from './xml-tree.js';

/** A unit of an XLIFF file: where its source and target are. */
export interface XliffUnit extends AdapterUnit {
  source: XmlElement;
  target: XmlElement | undefined;
  /** The element that carries `state` (1.2: `target`; 2.0: `segment`). */
  stateHost: 'target' | XmlElement;
  content: InlineContent;
}

/** Sets (or adds) an attribute in a start tag's text, keeping the tag's quoting and spacing. */
export function setAttribute(tag: string, name: string, value: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const existing = new RegExp(`(\\s${escaped}\\s*=\\s*)(["'])[^"']*\\2`).exec(tag);
  if (existing) {
    const quote = existing[2]!;
    return `${tag.slice(0, existing.index)}${existing[1]}${quote}${escapeXmlAttribute(value, quote)}${quote}${tag.slice(existing.index + existing[0].length)}`;
  }
  const close = tag.endsWith('/>') ? tag.length - 2 : tag.length - 1;
  const before = tag.slice(0, close).replace(/\s+$/, '');
  return `${before} ${name}="${escapeXmlAttribute(value)}"${tag.slice(close)}`;
}

/** The content a target gets: whitespace as in the source, the translation, in CDATA if the source was. */
export function targetContent(
  unit: XliffUnit,
  translation: UnitTranslation,
  copy: (o: Original) => string,
): string {
  const { content } = unit;
  // The source itself: its exact bytes, entities and ICU spacing included.
  if (isUnchanged(unit, translation))
    return copy({ start: unit.source.innerStart, end: unit.source.innerEnd });
  const body = content.icu
    ? renderIcu(translation, unit, {
        encode: escapeXmlText,
        original: copy,
        isIcuSyntax: (original) => typeof original === 'string',
        tags: false,
      })
    : renderSegment(translation as string, unit.markup, {
        text: content.cdata ? (t) => t : escapeXmlText,
        original: (o) => (typeof o === 'string' ? escapeXmlText(o) : copy(o)),
      });
  const wrapped = content.cdata && !body.includes(']]>') ? `<![CDATA[${body}]]>` : body;
  return `${content.lead}${wrapped}${content.trail}`;
}

/**
 * Edits that write a unit's target: the content of an existing `<target>`, a `<target/>`
 * turned into a full element, or a new `<target>` after `</source>` on its own line.
 * `state` is set on the target (1.2) or segment (2.0) when `state` is given.
 */
export function targetEdits(
  text: string,
  unit: XliffUnit,
  translation: UnitTranslation,
  state: string | undefined,
): Edit[] {
  const edits: Edit[] = [];
  const copyOf = (copy: (start: number, end: number) => string) => (o: Original) =>
    typeof o === 'string' ? o : copy(o.start, o.end);
  const { target, source } = unit;
  const withState = (tag: string) =>
    state && unit.stateHost === 'target' ? setAttribute(tag, 'state', state) : tag;
  if (target && !target.selfClosing) {
    const startTag = text.slice(target.start, target.innerStart);
    if (withState(startTag) !== startTag)
      edits.push({
        start: target.start,
        end: target.innerStart,
        render: () => withState(startTag),
      });
    edits.push({
      start: target.innerStart,
      end: target.innerEnd,
      render: (copy) => targetContent(unit, translation, copyOf(copy)),
    });
  } else if (target) {
    const tag = withState(text.slice(target.start, target.end)).replace(/\s*\/>$/, '>');
    edits.push({
      start: target.start,
      end: target.end,
      render: (copy) => `${tag}${targetContent(unit, translation, copyOf(copy))}</target>`,
    });
  } else {
    const lineStart = text.lastIndexOf('\n', source.start) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart, source.start))![0];
    const eol = text[lineStart - 2] === '\r' ? '\r\n' : '\n';
    const prefix = source.name.includes(':')
      ? source.name.slice(0, source.name.indexOf(':') + 1)
      : '';
    const open = withState(`<${prefix}target>`);
    edits.push({
      start: source.end,
      end: source.end,
      render: (copy) =>
        `${eol}${indent}${open}${targetContent(unit, translation, copyOf(copy))}</${prefix}target>`,
    });
  }
  if (state && unit.stateHost !== 'target') {
    const host = unit.stateHost;
    const startTag = text.slice(host.start, host.innerStart);
    edits.push({
      start: host.start,
      end: host.innerStart,
      render: () => setAttribute(startTag, 'state', state),
    });
  }
  return edits;
}
