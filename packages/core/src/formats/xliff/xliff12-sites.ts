import type { Diagnostic } from '../../document/diagnostics.js';
import { inheritedFlags } from './inherited-flags.js';
import type { UnitSite, XliffTree } from './xliff-document.js';
import { fallbackUnitId } from './xliff-units.js';
import { childrenNamed, elementText, localName, type XmlElement } from './xml-tree.js';

function segmentMarkers(element: XmlElement): XmlElement[] {
  return element.children.flatMap((child) =>
    localName(child.name) === 'mrk' && child.attributes.mtype === 'seg'
      ? [child]
      : segmentMarkers(child),
  );
}

/**
 * The units of an XLIFF 1.2 document: every `<trans-unit>` of every `<file>` (groups
 * included, `translate="no"` inherited by a group's units unless one says `yes`), one per
 * segment when `<seg-source>` is segmented; `<bin-unit>`s are reported and skipped.
 */
export function collectSites12(tree: XliffTree): { sites: UnitSite[]; warnings: Diagnostic[] } {
  const { file } = tree;
  const text = file.text;
  const sites: UnitSite[] = [];
  const warnings: Diagnostic[] = [];
  const seen = new Map<string, number>();
  tree.files.forEach((fileElement, index) => {
    const prefix = tree.files.length > 1 ? `${fileElement.attributes.original ?? index + 1}#` : '';
    const languages = {
      source: fileElement.attributes['source-language'],
      target: fileElement.attributes['target-language'],
    };
    const walk = (element: XmlElement, preserve: boolean, translate: boolean) => {
      for (const child of element.children) {
        const name = localName(child.name);
        const { keep, open } = inheritedFlags(child, preserve, translate);
        if (name === 'group' || name === 'body') walk(child, keep, open);
        if (name === 'bin-unit' && open) {
          warnings.push({
            file: file.path,
            ...file.position(child.start),
            rule: 'xliff-bin-unit-skipped',
            severity: 'warning',
            message: `bin-unit '${child.attributes.id ?? ''}' (${child.attributes['mime-type'] ?? 'binary'}) is not translated: Transloom translates text only`,
          });
        }
        if (name !== 'trans-unit' || !open) continue;
        const source = childrenNamed(child, 'source')[0];
        if (!source) continue;
        const segSource = childrenNamed(child, 'seg-source')[0];
        const target = childrenNamed(child, 'target')[0];
        const id = `${prefix}${child.attributes.id ?? fallbackUnitId(text, source, seen)}`;
        const notes = childrenNamed(child, 'note')
          .map((n) => elementText(text, n))
          .filter(Boolean);
        const keys = [child.attributes.resname, child.attributes.id].filter(
          (k): k is string => k !== undefined,
        );
        // One literal per site (not a spread of shared fields): sites stay one object shape.
        const site = (
          siteId: string,
          siteSource: XmlElement,
          siteTarget: XmlElement | undefined,
          segmented: UnitSite['segmented'],
        ): UnitSite => ({
          id: siteId,
          element: child,
          source: siteSource,
          target: siteTarget,
          stateHost: 'target',
          notes,
          preserve: keep,
          keys,
          languages,
          insertAfter: segSource ?? source,
          sourceLang: source.attributes['xml:lang'],
          ranges: { source: new Set(), target: new Set() },
          segmented,
        });
        const markers = segSource ? segmentMarkers(segSource) : [];
        if (markers.length === 0) {
          sites.push(site(id, source, target, undefined));
          continue;
        }
        const targetMarkers = target ? segmentMarkers(target) : [];
        markers.forEach((mrk, i) => {
          const mid = mrk.attributes.mid ?? String(i + 1);
          const marked = targetMarkers.find((t) => t.attributes.mid === mid);
          sites.push(site(`${id}#${mid}`, mrk, marked, { segSource: segSource!, mid, target }));
        });
      }
    };
    const filePreserve = fileElement.attributes['xml:space'] === 'preserve';
    walk(fileElement, filePreserve, fileElement.attributes.translate !== 'no');
  });
  return { sites, warnings };
}
