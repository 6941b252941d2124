import { newDocumentId } from '../../http/idempotency.js';
import { replyCached } from '../../http/public-cache.js';
import { reply, requestInput, type Handlers, type Services } from '../../services.js';
import { galleryMessages } from './messages.js';
import { GalleryService } from './service.js';

export function galleryHandlers(services: Services): Handlers {
  const gallery = new GalleryService(services);
  return {
    async listPublicGallery(ctx) {
      const query = requestInput(ctx).params;
      await replyCached(ctx, services, async () => {
        const { items, headers } = await gallery.list(query);
        return { body: items, headers };
      });
    },
    async listGalleryImages(ctx) {
      reply(ctx, 200, { success: true, data: (await gallery.list()).items });
    },
    async addGalleryImage(ctx) {
      const { body, files } = requestInput(ctx);
      // openapi.yaml requires `image` or `images[]`; both may come, each file makes an item.
      const uploads = [...(files.get('image') ?? []), ...(files.get('images[]') ?? [])];
      const data = await gallery.add(body, uploads, (index) => newDocumentId(ctx.state, index));
      reply(ctx, 201, { success: true, message: data.length > 1 ? galleryMessages.addedMany : galleryMessages.addedOne, data });
    },
    async updateGalleryImage(ctx) {
      const { body, files } = requestInput(ctx);
      const { id, ...fields } = body;
      const data = await gallery.update(id, fields, files.get('image')?.[0]);
      reply(ctx, 200, { success: true, message: galleryMessages.updated, data });
    },
    async deleteGalleryImage(ctx) {
      await gallery.remove(requestInput(ctx).body.id);
      reply(ctx, 200, { success: true, message: galleryMessages.deleted });
    },
  };
}
