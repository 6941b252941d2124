import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { MediaLibrary } from './library.js';
import { mediaMessages } from './messages.js';

/** The media library's operations (openapi.yaml's media section); the upload is upload.ts. */
export function mediaLibraryHandlers(services: Services): Handlers {
  const library = new MediaLibrary(services);
  return {
    async listMedia(ctx) {
      const { items, headers } = await library.list(requestInput(ctx).params);
      ctx.set(headers);
      reply(ctx, 200, { success: true, data: items });
    },
    async updateMedia(ctx) {
      const data = await library.update(requestInput(ctx).body);
      reply(ctx, 200, { success: true, message: mediaMessages.updated, data });
    },
    async deleteMedia(ctx) {
      await library.remove(requestInput(ctx).body);
      reply(ctx, 200, { success: true, message: mediaMessages.deleted });
    },
  };
}
