import {
  DEFAULT_STYLE_RULES_PAGE_SIZE,
  MAX_STYLE_RULES_PAGE_SIZE,
  MIN_STYLE_RULES_PAGE_SIZE,
  type StyleRuleListWire,
} from '@transloom/client/wire';
import type { FastifyInstance } from 'fastify';
import { queryParams } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';

/** Contract 4.5: `GET /v3/style_rules` (paid tier only). */
export function registerStyleRuleRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.get('/v3/style_rules', { config: { access: 'paid' } }, async (request) => {
    const params = queryParams(request);
    const detailed = params.boolean('detailed') ?? false;
    const page = params.integer('page', { min: 0 }) ?? 0;
    const pageSize =
      params.integer('page_size', {
        min: MIN_STYLE_RULES_PAGE_SIZE,
        max: MAX_STYLE_RULES_PAGE_SIZE,
      }) ?? DEFAULT_STYLE_RULES_PAGE_SIZE;
    return {
      style_rules: (await ctx.styles.page(page, pageSize)).map((record): StyleRuleListWire => {
        const item: StyleRuleListWire = {
          style_id: record.styleId,
          name: record.name,
          creation_time: record.creationTime,
          updated_time: record.updatedTime,
          language: record.language,
          version: record.version,
        };
        if (detailed) {
          item.configured_rules = record.configuredRules;
          item.custom_instructions = record.customInstructions;
        }
        return item;
      }),
    };
  });
}
