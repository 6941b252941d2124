// The campaign operations: the public reads (cached per content version, like the blog), the
// admin's writes (each raises the version, so every page shows them at once) and the totals.
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import type { Services } from '../../services.js';
import { noStore } from '../donations/report.js';
import { contentLang } from '../translations.js';
import { campaignMessages } from './messages.js';
import { CampaignService } from './service.js';
import { designationTotals, designationTotalsCsv, totalsRange } from './totals.js';

export function campaignHandlers(services: Services, campaigns = new CampaignService(services)): Handlers {
  const { cacheable, publishes } = services.published;
  return {
    listCampaigns: cacheable(async (ctx) => {
      const { lang, drafts = false } = requestInput(ctx).params;
      // Drafts are the admin's: answered afresh to a token, never from the cache (replyCached).
      if (drafts) await services.authorize(ctx, ['admin']);
      return { body: { success: true, data: await campaigns.list({ lang: contentLang(lang), drafts }) } };
    }),
    getCampaign: cacheable(async (ctx) => {
      const { id, lang } = requestInput(ctx).params;
      return { body: { success: true, data: await campaigns.get(id, { lang: contentLang(lang) }) } };
    }),
    addCampaign: publishes(async (ctx) => {
      noStore(ctx);
      const data = await campaigns.add(requestInput(ctx).body, newDocumentId(ctx.state));
      reply(ctx, 201, { success: true, message: campaignMessages.added, data });
    }),
    updateCampaign: publishes(async (ctx) => {
      const { id, ...fields } = requestInput(ctx).body;
      noStore(ctx);
      reply(ctx, 200, { success: true, message: campaignMessages.updated, data: await campaigns.update(id, fields) });
    }),
    deleteCampaign: publishes(async (ctx) => {
      await campaigns.remove(requestInput(ctx).body.id);
      reply(ctx, 200, { success: true, message: campaignMessages.deleted });
    }),
    async getDesignationTotals(ctx) {
      const { from, to } = requestInput(ctx).params;
      const data = await designationTotals(services, totalsRange(services, from, to));
      noStore(ctx);
      reply(ctx, 200, { success: true, data });
    },
    async exportDesignationTotals(ctx) {
      const { from, to } = requestInput(ctx).params;
      const range = totalsRange(services, from, to);
      const csv = designationTotalsCsv(await designationTotals(services, range));
      noStore(ctx);
      ctx.set('Content-Disposition', `attachment; filename="gifts-by-campaign-and-program-${range.from}-to-${range.to}.csv"`);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = csv;
    },
  };
}
