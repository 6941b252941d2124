import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { certificateStatusReader } from './certificate.js';
import { currentSettings, updateSettings } from './service.js';

export const settingsMessages = {
  saved: 'Settings saved',
};

export function settingsHandlers({ db, published, config, logger }: Services): Handlers {
  const certificateStatus = certificateStatusReader(config.tlsStatusDir, logger);
  return {
    async getSettings(ctx) {
      const [{ settings, placeholders }, certificate] = await Promise.all([currentSettings(db), certificateStatus()]);
      ctx.set('Cache-Control', 'no-cache');
      reply(ctx, 200, { success: true, data: settings, placeholders, ...(certificate && { certificate }) });
    },
    // Rendered pages, the feed and link previews show the organisation's details.
    updateSettings: published.publishes(async (ctx) => {
      const { settings, placeholders } = await updateSettings(db, requestInput(ctx).body);
      reply(ctx, 200, { success: true, message: settingsMessages.saved, data: settings, placeholders });
    }),
  };
}
