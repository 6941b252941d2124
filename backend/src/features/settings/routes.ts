import { bumpContentVersion } from '../../http/public-cache.js';
import { reply, requestInput, type Handlers, type Services } from '../../services.js';
import { currentSettings, updateSettings } from './service.js';

export const settingsMessages = {
  saved: 'Settings saved',
};

export function settingsHandlers(services: Services): Handlers {
  const { db } = services;
  return {
    async getSettings(ctx) {
      const { settings, placeholders } = await currentSettings(db);
      ctx.set('Cache-Control', 'no-cache');
      reply(ctx, 200, { success: true, data: settings, placeholders });
    },
    async updateSettings(ctx) {
      const { settings, placeholders } = await updateSettings(db, requestInput(ctx).body);
      // Rendered pages, the feed and link previews show the organisation's details.
      await bumpContentVersion(services);
      reply(ctx, 200, { success: true, message: settingsMessages.saved, data: settings, placeholders });
    },
  };
}
