import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import { itemEditHandlers } from '../images/item-handlers.js';
import type { Services } from '../../services.js';
import { galleryMessages } from './messages.js';
import { GalleryService } from './service.js';

export function galleryHandlers(services: Services): Handlers {
  const gallery = new GalleryService(services);
  const { cacheable, publishes } = services.published;
  const edits = itemEditHandlers<{ update: 'updateGalleryImage'; remove: 'deleteGalleryImage' }>(services, gallery, galleryMessages);
  return {
    listPublicGallery: cacheable(async (ctx) => {
      const { items, headers } = await gallery.list(requestInput(ctx).params);
      return { body: items, headers };
    }),
    async listGalleryImages(ctx) {
      const { items, headers } = await gallery.listForAdmin(requestInput(ctx).params);
      if (headers) ctx.set(headers);
      reply(ctx, 200, { success: true, data: items });
    },
    addGalleryImage: publishes(async (ctx) => {
      const { body, files } = requestInput(ctx);
      // openapi.yaml requires `image` or `images[]`; both may come, each file makes an item.
      const uploads = [...(files.get('image') ?? []), ...(files.get('images[]') ?? [])];
      const data = await gallery.add(body, uploads, (index) => newDocumentId(ctx.state, index));
      reply(ctx, 201, { success: true, message: data.length > 1 ? galleryMessages.addedMany : galleryMessages.addedOne, data });
    }),
    updateGalleryImage: edits.update,
    deleteGalleryImage: edits.remove,
  };
}
