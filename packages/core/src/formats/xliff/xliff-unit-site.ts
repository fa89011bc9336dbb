import type { XmlElement } from './xml-tree.js';

/** Where one unit of an XLIFF file is, before its content is read. */
export interface UnitSite {
  id: string;
  /** The `<trans-unit>` or `<unit>`. */
  element: XmlElement;
  /** The element whose content is the source text: `<source>`, or a `<mrk mtype="seg">`. */
  source: XmlElement;
  /** The element a translation goes into (absent: a new `<target>` is written). */
  target: XmlElement | undefined;
  /** The element that carries `state` (1.2: `target`; 2.0: `segment`). */
  stateHost: 'target' | XmlElement;
  notes: string[];
  preserve: boolean;
  /** Names a Symfony catalog keys the unit by (`resname`, `name`, `id`). */
  keys: string[];
  /** The language pair of the unit's `<file>` (1.2) or document (2.0). */
  languages: { source: string | undefined; target: string | undefined };
  /** A new `<target>` is written after this element (`<source>`, or 1.2's `<seg-source>`). */
  insertAfter: XmlElement;
  /** `xml:lang` of the unit's `<source>`: a new `<target>` then names its language too. */
  sourceLang: string | undefined;
  /** Protected ranges open across the segments of one unit, in its sources and its targets. */
  ranges: { source: Set<string>; target: Set<string> };
  /** A segment of a segmented 1.2 unit. */
  segmented: { segSource: XmlElement; mid: string; target: XmlElement | undefined } | undefined;
}
