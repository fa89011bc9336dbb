import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../service-context.js';

/** Contract 4.9 and wire details: `GET /v2/usage`. */
export function registerUsageRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.get('/v2/usage', { config: { access: 'developer' } }, async (request) =>
    ctx.accounting.report(request.apiKey),
  );
}
