/** Escapes every character a regular expression reads as syntax, so `text` matches itself. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
