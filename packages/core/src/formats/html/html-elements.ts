import type { Element, ElementContent, Root, RootContent } from 'hast';
import { htmlVoidElements } from 'html-void-elements';

/**
 * Elements whose content is code, keyboard input, program output or a variable name:
 * kept whole as placeholders inside a sentence, never a unit of their own (`tt`, `listing`
 * and `xmp` are their obsolete forms).
 */
export const CODE_ELEMENTS: ReadonlySet<string> = new Set([
  'code',
  'kbd',
  'samp',
  'var',
  'tt',
  'pre',
  'listing',
  'xmp',
]);

// Form controls (`label`, `button`, `select`, `textarea`) are UI strings of their own, not
// part of a sentence, so they are left out and bound units themselves.
/** Elements that are part of a sentence. */
export const INLINE: ReadonlySet<string> = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'bdi',
  'bdo',
  'big',
  'br',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'mark',
  'meter',
  'output',
  'progress',
  'q',
  'ruby',
  'rp',
  'rt',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'svg',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
  'math',
]);

/** Inline elements kept whole as placeholders, never translated inside. */
export const ATOMIC: ReadonlySet<string> = new Set([
  ...CODE_ELEMENTS,
  'br',
  'img',
  'input',
  'wbr',
  'svg',
  'math',
  'select',
  'textarea',
  'meter',
  'progress',
  'output',
]);

/** Elements whose content is never translated. */
export const SKIP: ReadonlySet<string> = new Set([
  ...CODE_ELEMENTS,
  'script',
  'style',
  'textarea',
  'svg',
  'math',
  'noscript',
  'iframe',
  'object',
  'canvas',
]);

/** Elements that have no content and no end tag. */
export const VOID: ReadonlySet<string> = new Set(htmlVoidElements);

/** Whether a node is an element. */
export function isElement(node: RootContent | ElementContent | Root): node is Element {
  return node.type === 'element';
}

/**
 * Whether an element's content and attributes are translated, given its parent's state:
 * HTML's `translate` attribute (`no`, or `yes` and empty to translate again inside a `no`
 * region; any case), else Google's `class="notranslate"`, else what the parent says.
 */
export function isTranslated(element: Element, inherited: boolean): boolean {
  const classes = element.properties.className;
  if (Array.isArray(classes) && classes.some((c) => String(c).toLowerCase() === 'notranslate'))
    return false;
  const value = element.properties.translate;
  if (typeof value === 'string') {
    const state = value.trim().toLowerCase();
    if (state === 'no') return false;
    if (state === 'yes' || state === '') return true;
  }
  return inherited;
}
