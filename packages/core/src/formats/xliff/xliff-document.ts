import { type Diagnostic, FormatError, optionError } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';
import type { FormatOptions } from '../format-adapter.js';
import { isKeyLike, resolveTextMode, type XliffTextOption } from './xliff-text-mode.js';
import type { UnitSite } from './xliff-unit-site.js';
import type { EntityTable } from './xml-entities.js';
import {
  childrenNamed,
  elementText,
  localName,
  parseXmlTree,
  type XmlElement,
} from './xml-tree.js';

export type { UnitSite } from './xliff-unit-site.js';

// In Symfony's layout a unit whose target is empty has no text, only its key (Symfony shows
// the key): a key is not sent for translation, and the unit is reported. A keyword message
// (the English text as key) is its own text.
function keyedSites(file: SourceFile, sites: UnitSite[], warnings: Diagnostic[]): UnitSite[] {
  return sites.filter((site) => {
    const { target } = site;
    if (target && file.text.slice(target.innerStart, target.innerEnd).trim() !== '') return true;
    const key = elementText(file.text, site.source);
    if (!isKeyLike(key)) return true;
    warnings.push({
      file: file.path,
      ...file.position(site.element.start),
      rule: 'xliff-key-without-text',
      severity: 'warning',
      message: `unit '${key}' has a key but no text in <target>: it is not translated`,
    });
    return false;
  });
}

/** The parsed document of either XLIFF version. */
export interface XliffParsed {
  file: SourceFile;
  warnings: Diagnostic[];
  root: XmlElement;
  files: XmlElement[];
  sites: UnitSite[];
  entities: EntityTable;
  protectPlaceholders: boolean;
  /** Read units from targets (existing translations) instead of sources. */
  fromTargets: boolean;
  /** Where a unit's text is: the source, or (Symfony's layout) the target beside a key. */
  text: 'source' | 'target';
  /** Every message is ICU MessageFormat (Symfony's `+intl-icu` catalogs). */
  icu: boolean;
  /** The `locale` option: the language of text whose file does not name it. */
  locale: string | undefined;
}

/** The tree of an XLIFF document of the expected major version, before its units are found. */
export interface XliffTree {
  file: SourceFile;
  root: XmlElement;
  files: XmlElement[];
  entities: EntityTable;
}

/** Parses an XLIFF document and checks its version. */
export function readXliffTree(file: SourceFile, major: '1' | '2'): XliffTree {
  const { elements, entities } = parseXmlTree(file);
  const root = elements.find((e) => localName(e.name) === 'xliff');
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
  const files = childrenNamed(root, 'file');
  return { file, root, files, entities };
}

const TEXT_OPTIONS: readonly XliffTextOption[] = ['auto', 'source', 'target'];

/**
 * Completes a parse: resolves where the text is, and reads the options (`text`,
 * `protectPlaceholders`, `segmentsFrom`).
 */
export function completeXliff(
  tree: XliffTree,
  sites: UnitSite[],
  warnings: Diagnostic[],
  options: FormatOptions,
): XliffParsed {
  const { file } = tree;
  const option = options.text ?? 'auto';
  if (!TEXT_OPTIONS.includes(option as XliffTextOption)) {
    throw optionError(
      file.path,
      'xliff-option',
      `option 'text' must be 'auto', 'source' or 'target', not ${JSON.stringify(option)}`,
    );
  }
  const locale = typeof options.locale === 'string' ? options.locale : undefined;
  const text = resolveTextMode(file.text, sites, option as XliffTextOption, locale);
  return {
    ...tree,
    warnings,
    sites: text === 'target' ? keyedSites(file, sites, warnings) : sites,
    protectPlaceholders: options.protectPlaceholders !== false,
    fromTargets: options.segmentsFrom === 'target',
    text,
    icu: /\+intl-icu\.[^/\\]*$/.test(file.path),
    locale,
  };
}
