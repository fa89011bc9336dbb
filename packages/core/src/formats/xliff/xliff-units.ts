import { createHash } from 'node:crypto';
import { FormatError } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';
import { SegmentBuilder } from '../../segments/segment-markup.js';
import type { InlineRules } from './xliff-inline.js';
import { readInlineContent } from './xliff-inline.js';
import type { XliffUnit } from './xliff-target.js';
import { decodeXmlText, parseXmlTree, type XmlElement } from './xml-tree.js';

/** The parsed document of either XLIFF version. */
export interface XliffParsed {
  file: SourceFile;
  warnings: [];
  root: XmlElement;
  files: XmlElement[];
  protectPlaceholders: boolean;
  /** Read units from targets (existing translations) instead of sources. */
  fromTargets: boolean;
}

/** Parses an XLIFF document and checks its version. */
export function parseXliff(
  file: SourceFile,
  major: '1' | '2',
  options: Readonly<Record<string, unknown>>,
): XliffParsed {
  const root = parseXmlTree(file).find((e) => e.name === 'xliff' || e.name.endsWith(':xliff'));
  const version = root?.attributes.version ?? '';
  if (!root || !version.startsWith(major)) {
    throw new FormatError(file.path, [
      {
        file: file.path,
        ...file.position(root?.start ?? 0),
        rule: 'xliff-version',
        severity: 'error',
        message: root
          ? `expected XLIFF ${major}.x, found version '${version}'`
          : 'no <xliff> root element',
      },
    ]);
  }
  const files = root.children.filter((c) => c.name === 'file' || c.name.endsWith(':file'));
  return {
    file,
    warnings: [],
    root,
    files,
    protectPlaceholders: options.protectPlaceholders !== false,
    fromTargets: options.segmentsFrom === 'target',
  };
}

/** The text of an element's content (entities decoded, markup dropped). */
export function elementText(text: string, element: XmlElement): string {
  return decodeXmlText(
    text.slice(element.innerStart, element.innerEnd).replace(/<[^>]*>/g, ''),
  ).trim();
}

/** Builds a unit from a `<source>` element. */
export function xliffUnit(
  parsed: XliffParsed,
  init: {
    id: string;
    source: XmlElement;
    target: XmlElement | undefined;
    stateHost: XliffUnit['stateHost'];
    notes: string[];
    preserve: boolean;
    rules: InlineRules;
  },
): XliffUnit {
  const { file } = parsed;
  const builder = new SegmentBuilder(file.text);
  const read = (element: XmlElement) =>
    readInlineContent(file.text, element.innerStart, element.innerEnd, builder, {
      rules: init.rules,
      preserve: init.preserve,
      protectPlaceholders: parsed.protectPlaceholders,
    });
  const sourceContent = read(init.source);
  // A target read with the same builder gives its placeholders the source's ids.
  const content = parsed.fromTargets && init.target ? read(init.target) : sourceContent;
  const unit: XliffUnit = {
    id: init.id,
    segment: content.segment,
    path: init.id,
    ...file.position(init.source.innerStart),
    markup: builder.markup(),
    source: init.source,
    target: init.target,
    stateHost: init.stateHost,
    content,
  };
  if (content.plural) unit.plural = content.plural;
  if (init.notes.length > 0) unit.context = init.notes.join('\n');
  return unit;
}

/**
 * The id of a unit without an `id` attribute (invalid, but seen): a hash of its source, so it
 * stays the same when other units are added before it.
 */
export function fallbackUnitId(
  text: string,
  source: XmlElement,
  seen: Map<string, number>,
): string {
  const base = `unit:${createHash('sha1').update(text.slice(source.innerStart, source.innerEnd)).digest('hex').slice(0, 8)}`;
  const count = (seen.get(base) ?? 0) + 1;
  seen.set(base, count);
  return count === 1 ? base : `${base}#${count}`;
}
