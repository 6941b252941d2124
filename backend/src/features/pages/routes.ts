import { reply, requestInput, type Handler, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { issuePreviewToken, previewParameter } from '../blogs/preview-token.js';
import { pageMessages } from './messages.js';
import { pagePath } from './paths.js';
import { PageService } from './service.js';

/** Who edits the pages (get_page.php's lang=both; the admin-only reset says no x-roles). */
const editors = ['admin', 'editor'];

export function pageHandlers(services: Services): Handlers {
  const pages = new PageService(services);
  const { cacheable, publishes } = services.published;
  const userOf = (state: { user?: { sub: string } }) => state.user?.sub;

  const publicPage = cacheable<'getPage'>(async (ctx) => {
    const { slug, lang } = requestInput(ctx).params;
    return { body: { success: true, data: await pages.view(slug, lang === 'hi' ? 'hi' : 'en') } };
  });
  const save: Handler<'updatePage'> = async (ctx) => {
    const { slug, version, publish = true, content } = requestInput(ctx).body;
    const data = await pages.save(slug, { version, publish, content }, userOf(ctx.state));
    reply(ctx, 200, { success: true, message: publish ? pageMessages.saved : pageMessages.draftSaved, data });
  };
  // A draft changes nothing visitors see: only a publish outdates the cached public answers.
  const publishedSave = publishes(save);

  return {
    async getPage(ctx) {
      if (requestInput(ctx).params.lang !== 'both') return publicPage(ctx);
      await services.authorize(ctx, editors);
      ctx.set('Cache-Control', 'no-store');
      reply(ctx, 200, { success: true, data: await pages.edit(requestInput(ctx).params.slug) });
    },
    async listPages(ctx) {
      reply(ctx, 200, { success: true, data: await pages.list() });
    },
    updatePage: (ctx) => (requestInput(ctx).body.publish === false ? save(ctx) : publishedSave(ctx)),
    async discardPageDraft(ctx) {
      const { slug, version } = requestInput(ctx).body;
      reply(ctx, 200, { success: true, message: pageMessages.draftDiscarded, data: await pages.discardDraft(slug, version, userOf(ctx.state)) });
    },
    resetPage: publishes(async (ctx) => {
      reply(ctx, 200, { success: true, message: pageMessages.reset, data: await pages.reset(requestInput(ctx).body.slug, userOf(ctx.state)) });
    }),
    async listPageRevisions(ctx) {
      reply(ctx, 200, { success: true, data: await pages.revisionList(requestInput(ctx).params.slug) });
    },
    async getPageRevision(ctx) {
      const { slug, version } = requestInput(ctx).params;
      reply(ctx, 200, { success: true, data: await pages.revision(slug, version) });
    },
    restorePageRevision: publishes(async (ctx) => {
      const { slug, revision, version } = requestInput(ctx).body;
      reply(ctx, 200, { success: true, message: pageMessages.restored(revision), data: await pages.restore(slug, revision, version, userOf(ctx.state)) });
    }),
    async getPagePreviewLink(ctx) {
      const { slug, lang } = requestInput(ctx).params;
      const { token, expiresAt } = issuePreviewToken(services.config.jwtSecret, slug, Date.now(), 'page');
      const url = `${pagePath(slug, lang === 'hi' ? 'hi' : 'en')}?${previewParameter}=${encodeURIComponent(token)}`;
      reply(ctx, 200, { success: true, data: { url, expires_at: expiresAt.toISOString() } });
    },
  };
}
