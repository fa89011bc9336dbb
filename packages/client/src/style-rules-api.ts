import { LimitError } from './errors.js';
import type { Transport } from './http/transport.js';
import type { CallOptions } from './translate/translate-api.js';
import {
  DEFAULT_STYLE_RULES_PAGE_SIZE,
  MAX_STYLE_RULES_PAGE_SIZE,
  MIN_STYLE_RULES_PAGE_SIZE,
} from './wire/limits.js';
import type {
  ConfiguredRulesWire,
  StyleCustomInstructionWire,
  StyleRuleListWire,
  StyleRulesResponseWire,
} from './wire/types.js';

/** A custom instruction of a style rule list. */
export interface StyleCustomInstruction {
  label: string;
  prompt: string;
  sourceLanguage?: string;
}

/** A style rule list. */
export interface StyleRuleList {
  styleId: string;
  name: string;
  language: string;
  version: number;
  creationTime: string;
  updatedTime: string;
  /** Present when listed with `detailed`: category -> rule -> chosen option. */
  configuredRules?: ConfiguredRulesWire;
  /** Present when listed with `detailed`. */
  customInstructions?: StyleCustomInstruction[];
}

/** Options of {@link StyleRulesApi.list}. */
export interface ListStyleRulesOptions extends CallOptions {
  detailed?: boolean;
  page?: number;
  /** 1 to 25 (default 10). */
  pageSize?: number;
}

// The service has been seen sending both an object and an array holding one object.
function rules(value: ConfiguredRulesWire | ConfiguredRulesWire[]): ConfiguredRulesWire {
  return Array.isArray(value) ? Object.assign({}, ...value) : value;
}

function instructions(
  value: StyleCustomInstructionWire[] | StyleCustomInstructionWire,
): StyleCustomInstruction[] {
  return (Array.isArray(value) ? value : [value]).map((i) => {
    const out: StyleCustomInstruction = { label: i.label, prompt: i.prompt };
    if (i.source_language !== undefined) out.sourceLanguage = i.source_language;
    return out;
  });
}

function toList(wire: StyleRuleListWire): StyleRuleList {
  const out: StyleRuleList = {
    styleId: wire.style_id,
    name: wire.name,
    language: wire.language,
    version: wire.version,
    creationTime: wire.creation_time,
    updatedTime: wire.updated_time,
  };
  if (wire.configured_rules !== undefined) out.configuredRules = rules(wire.configured_rules);
  if (wire.custom_instructions !== undefined)
    out.customInstructions = instructions(wire.custom_instructions);
  return out;
}

/** Style rule lists (contract 4.5, paid tier). */
export class StyleRulesApi {
  constructor(private readonly transport: Transport) {}

  /** One page of lists. */
  async list(options: ListStyleRulesOptions = {}): Promise<StyleRuleList[]> {
    const pageSize = options.pageSize ?? DEFAULT_STYLE_RULES_PAGE_SIZE;
    if (
      !Number.isInteger(pageSize) ||
      pageSize < MIN_STYLE_RULES_PAGE_SIZE ||
      pageSize > MAX_STYLE_RULES_PAGE_SIZE
    ) {
      throw new LimitError(
        'style rule page size',
        pageSize,
        MAX_STYLE_RULES_PAGE_SIZE,
        `pageSize must be an integer from ${MIN_STYLE_RULES_PAGE_SIZE} to ${MAX_STYLE_RULES_PAGE_SIZE}, got ${pageSize}`,
      );
    }
    const { data } = await this.transport.call<StyleRulesResponseWire>({
      method: 'GET',
      path: '/v3/style_rules',
      query: { detailed: options.detailed, page: options.page, page_size: pageSize },
      signal: options.signal,
    });
    return data.style_rules.map(toList);
  }

  /** Every list, page after page, until a page comes back short. */
  async *all(options: Omit<ListStyleRulesOptions, 'page'> = {}): AsyncGenerator<StyleRuleList> {
    const pageSize = options.pageSize ?? MAX_STYLE_RULES_PAGE_SIZE;
    for (let page = 0; ; page++) {
      const lists = await this.list({ ...options, page, pageSize });
      yield* lists;
      if (lists.length < pageSize) return;
    }
  }
}
