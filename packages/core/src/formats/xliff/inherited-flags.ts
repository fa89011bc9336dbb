import type { XmlElement } from './xml-tree.js';

/**
 * What an element inherits and may override, in both XLIFF versions: `xml:space="preserve"`
 * (white space kept) and `translate="no"` (left alone, with everything inside it).
 */
export function inheritedFlags(
  element: XmlElement,
  preserve: boolean,
  translate: boolean,
): { keep: boolean; open: boolean } {
  const space = element.attributes['xml:space'];
  const own = element.attributes.translate;
  return {
    keep: space ? space === 'preserve' : preserve,
    open: own ? own !== 'no' : translate,
  };
}
