import { reply, type Handlers, type Services } from '../../services.js';
import { renderDocsPage } from './docs-page.js';

export function metaHandlers({ db, openApi }: Services): Handlers {
  const docsPage = renderDocsPage(openApi);
  return {
    async getHealth(ctx) {
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
