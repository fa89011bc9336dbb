import type { GlossaryEntry } from '@transloom/client/wire';
import { GlossaryAutomaton } from './glossary-automaton.js';
import { type TextToken, tokenizeText } from './text-runs.js';
import type {
  EngineRephraseInput,
  EngineTranslateInput,
  TranslationEngine,
} from './translation-engine.js';

// biome-ignore format: a lookup table reads best as a table
const ACCENTS: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ',
  m: 'ɱ', n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ',
  y: 'ý', z: 'ž', A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ',
  K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ',
  W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** Accents every ASCII letter: `Hello` -> `Ĥéļļö`. */
export function accent(text: string): string {
  return text.replace(ASCII_LETTER, (ch) => ACCENTS[ch]!);
}

const ASCII_LETTER = /[A-Za-z]/g;

const automata = new WeakMap<readonly GlossaryEntry[], GlossaryAutomaton>();

// Built once per dictionary array: the server hands the same array while a glossary is unchanged.
function automatonFor(entries: readonly GlossaryEntry[] | null): GlossaryAutomaton | null {
  if (!entries || entries.length === 0) return null;
  let automaton = automata.get(entries);
  if (!automaton) {
    automaton = new GlossaryAutomaton(entries);
    automata.set(entries, automaton);
  }
  return automaton;
}

function transformRun(run: string, automaton: GlossaryAutomaton | null): string {
  if (!automaton) return accent(run);
  let out = '';
  let last = 0;
  for (const match of automaton.matches(run)) {
    out += accent(run.slice(last, match.start));
    out += match.target;
    last = match.end;
  }
  return out + accent(run.slice(last));
}

function markers(
  input: Pick<EngineTranslateInput, 'formality' | 'style' | 'customInstructions'>,
): string[] {
  const out: string[] = [];
  if (input.formality === 'more') out.push('formal');
  if (input.formality === 'less') out.push('informal');
  if (input.style) out.push(`style ${input.style.name} v${input.style.version}`);
  const instructions =
    input.customInstructions.length + (input.style?.customInstructions.length ?? 0);
  if (instructions > 0) out.push(`${instructions} instruction${instructions === 1 ? '' : 's'}`);
  return out;
}

const LETTER = /\p{L}/u;

// +1 for an opening tag, -1 for a closing tag, 0 for anything else.
function tagDepth(token: TextToken): number {
  if (token.kind !== 'markup' || !/^<[^!?]/.test(token.value) || token.value.endsWith('/>'))
    return 0;
  return token.value.startsWith('</') ? -1 : 1;
}
const LETTERS = /\p{L}/gu;

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

// Brackets enclose the sentence, placeholders included, but stay inside surrounding markup.
function wrap(tokens: TextToken[], suffix: string): void {
  if (!tokens.some((t) => t.kind === 'text' && LETTER.test(t.value))) return;
  const inSentence = (t: TextToken) =>
    t.kind === 'placeholder' || (t.kind === 'text' && t.value.trim() !== '');
  const first = tokens.findIndex(inSentence);
  let last = first;
  for (let i = tokens.length - 1; i > first; i--) {
    if (inSentence(tokens[i]!)) {
      last = i;
      break;
    }
  }
  // Tags opened inside the sentence close inside the brackets: `[Ýöúŕ <b>çáŕţ</b> ~]`.
  let open = 0;
  for (let i = first; i <= last; i++) open += tagDepth(tokens[i]!);
  while (open > 0 && last + 1 < tokens.length && tagDepth(tokens[last + 1]!) === -1) {
    last++;
    open--;
  }
  const head = tokens[first]!;
  const lead = /^\s*/.exec(head.value)![0];
  head.value = `${lead}[${head.value.slice(lead.length)}`;
  const tail = tokens[last]!;
  const trail = /\s*$/.exec(tail.value)![0];
  tail.value = `${tail.value.slice(0, tail.value.length - trail.length)}${suffix}]${trail}`;
}

/** Pseudo-localizes one text: accented, about 30% longer, bracketed; markup and placeholders kept. */
export function pseudoLocalize(text: string, input: EngineTranslateInput): string {
  return pseudoLocalizeWith(text, input, automatonFor(input.glossary));
}

/** {@link pseudoLocalize} with a glossary automaton built beforehand (the worker caches them). */
export function pseudoLocalizeWith(
  text: string,
  input: Omit<EngineTranslateInput, 'glossary' | 'texts'>,
  matcher: GlossaryAutomaton | null,
): string {
  const tokens = tokenizeText(text, input);
  let letters = 0;
  for (const token of tokens) {
    if (token.kind !== 'text') continue;
    letters += token.value.match(LETTERS)?.length ?? 0;
    token.value = transformRun(token.value, matcher);
  }
  // Brackets add two characters; the tildes bring the growth to about 30%.
  const pad = Math.max(0, Math.round(letters * 0.3) - 2);
  let notes = markers(input).join(' · ');
  if (notes !== '' && input.tagHandling !== null) notes = escapeXml(notes);
  const suffix = `${pad > 0 ? ` ${'~'.repeat(pad)}` : ''}${notes !== '' ? ` ⟨${notes}⟩` : ''}`;
  wrap(tokens, suffix);
  return tokens.map((t) => t.value).join('');
}

/**
 * The default engine: deterministic pseudo-localization. It needs no model and shows at a
 * glance what would be translated, what is kept, and which settings applied.
 */
export const pseudoEngine: TranslationEngine = {
  name: 'pseudo',
  translate(input: EngineTranslateInput): string[] {
    return input.texts.map((text) => pseudoLocalize(text, input));
  },
  rephrase(input: EngineRephraseInput): string[] {
    const how = input.writingStyle ?? input.tone;
    return input.texts.map((text) => (how && how !== 'default' ? `${text} ⟨${how}⟩` : text));
  },
};
