import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { renderDocsPage } from './docs-page.js';

export function metaHandlers({ db, openApi, lifecycle }: Services): Handlers {
  const docsPage = renderDocsPage(openApi);
  return {
    // Liveness (no parameter): the process answers, whatever the database does, so an orchestrator
    // restarts only what is dead. Readiness (ready=1): may this instance be sent work now? Not
    // while it drains for a shutdown, nor while its database cannot be reached.
    async getHealth(ctx) {
      ctx.set('Cache-Control', 'no-store');
      if (!requestInput(ctx).params.ready) {
        const database = db.connected() ? 'up' : 'down';
        reply(ctx, 200, { success: true, status: 'ok', database });
        return;
      }
      if (lifecycle.draining) {
        ctx.set('Retry-After', '5');
        reply(ctx, 503, { success: false, status: 'draining', database: db.connected() ? 'up' : 'down' });
        return;
      }
      const up = await db.ping();
      if (!up) ctx.set('Retry-After', '5');
      reply(ctx, up ? 200 : 503, { success: up, status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
    async getOpenApiDocument(ctx) {
      ctx.type = 'application/yaml';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = openApi.text;
    },
    async getApiDocs(ctx) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      ctx.state.contentPolicy = 'docs';
      ctx.body = docsPage;
    },
  };
}
