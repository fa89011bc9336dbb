import { MAX_CUSTOM_INSTRUCTION_CHARS, MAX_CUSTOM_INSTRUCTIONS } from '@transloom/client/wire';
import { badRequest } from '../../http/http-error.js';
import type { EngineStyle } from '../translation-engine.js';

// Cut to the contract's length of one instruction, on a code point.
function fit(text: string): string {
  const chars = [...text];
  return chars.length <= MAX_CUSTOM_INSTRUCTION_CHARS
    ? text
    : `${chars.slice(0, MAX_CUSTOM_INSTRUCTION_CHARS - 1).join('')}…`;
}

/**
 * The custom instructions that carry a team's style rule list to the upstream service. A list
 * cannot be given to the upstream itself (lists are made in its web interface, never through
 * the API, and its ids are its own), so the gateway sends what the list says: each of its
 * custom instructions' prompts, and one instruction per category of configured rules, before
 * the request's own instructions. More than the contract's 10 in all is a 400.
 */
export function styleInstructions(
  style: EngineStyle | null,
  requested: readonly string[],
): string[] {
  const out: string[] = [];
  if (style) {
    for (const instruction of style.customInstructions) out.push(fit(instruction.prompt));
    for (const [category, rules] of Object.entries(style.configuredRules)) {
      const values = Object.entries(rules ?? {}).map(([rule, value]) => `${rule}: ${value}`);
      if (values.length > 0) out.push(fit(`Style rules for ${category}: ${values.join('; ')}`));
    }
  }
  out.push(...requested);
  if (out.length > MAX_CUSTOM_INSTRUCTIONS) {
    throw badRequest(
      `The style rule list '${style?.name}' and 'custom_instructions' make ${out.length} instructions for the upstream service; at most ${MAX_CUSTOM_INSTRUCTIONS} are allowed`,
    );
  }
  return out;
}
