import { inheritedFlags } from './inherited-flags.js';
import type { UnitSite, XliffTree } from './xliff-document.js';
import { fallbackUnitId } from './xliff-units.js';
import { childrenNamed, elementText, localName, type XmlElement } from './xml-tree.js';

function noteTexts(text: string, unit: XmlElement): string[] {
  // Location notes are source file paths, of no use to a translator.
  return childrenNamed(unit, 'notes')
    .flatMap((n) => childrenNamed(n, 'note'))
    .filter((n) => n.attributes.category !== 'location')
    .map((n) => {
      const body = elementText(text, n);
      return n.attributes.category && body ? `${n.attributes.category}: ${body}` : body;
    })
    .filter(Boolean);
}

/**
 * The units of an XLIFF 2.0 document: every `<segment>` of every `<unit>` of every `<file>`
 * (groups included). `translate` is inherited from `<file>` and `<group>` by the units
 * inside, as the specification says, and a unit or group may turn it back on.
 */
export function collectSites2(tree: XliffTree): UnitSite[] {
  const text = tree.file.text;
  const sites: UnitSite[] = [];
  const seen = new Map<string, number>();
  const languages = { source: tree.root.attributes.srcLang, target: tree.root.attributes.trgLang };
  tree.files.forEach((fileElement, index) => {
    const prefix = tree.files.length > 1 ? `${fileElement.attributes.id ?? index + 1}#` : '';
    const walk = (element: XmlElement, preserve: boolean, translate: boolean) => {
      for (const child of element.children) {
        const name = localName(child.name);
        const { keep, open } = inheritedFlags(child, preserve, translate);
        if (name === 'group') walk(child, keep, open);
        if (name !== 'unit' || !open) continue;
        const notes = noteTexts(text, child);
        const ranges = { source: new Set<string>(), target: new Set<string>() };
        const segments = childrenNamed(child, 'segment');
        segments.forEach((segment, i) => {
          const source = childrenNamed(segment, 'source')[0];
          if (!source) return;
          const suffix = segments.length > 1 ? `#${segment.attributes.id ?? i + 1}` : '';
          sites.push({
            id: `${prefix}${child.attributes.id ?? fallbackUnitId(text, source, seen)}${suffix}`,
            element: child,
            source,
            target: childrenNamed(segment, 'target')[0],
            stateHost: segment,
            notes,
            preserve: segment.attributes['xml:space']
              ? segment.attributes['xml:space'] === 'preserve'
              : keep,
            keys: [child.attributes.name, child.attributes.id].filter(
              (k): k is string => k !== undefined,
            ),
            languages,
            insertAfter: source,
            sourceLang: source.attributes['xml:lang'],
            ranges,
            segmented: undefined,
          });
        });
      }
    };
    const filePreserve = fileElement.attributes['xml:space'] === 'preserve';
    walk(fileElement, filePreserve, fileElement.attributes.translate !== 'no');
  });
  return sites;
}
