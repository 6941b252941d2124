import { newDocumentId } from '../../http/idempotency.js';
import { replyCached } from '../../http/public-cache.js';
import { reply, requestInput, type Handlers, type Services } from '../../services.js';
import { blogMessages } from './messages.js';
import { BlogService } from './service.js';

export function blogHandlers(services: Services): Handlers {
  const blogs = new BlogService(services);
  return {
    async listBlogs(ctx) {
      const query = requestInput(ctx).params;
      await replyCached(ctx, services, async () => {
        const { items, headers } = await blogs.list(query);
        return { body: items, headers };
      });
    },
    async getBlog(ctx) {
      const { id, lang } = requestInput(ctx).params;
      await replyCached(ctx, services, async () => ({ body: { success: true, data: await blogs.get(id, { lang }) } }));
    },
    async listAllBlogs(ctx) {
      reply(ctx, 200, { success: true, data: await blogs.listAll() });
    },
    async previewBlog(ctx) {
      reply(ctx, 200, { success: true, data: await blogs.get(requestInput(ctx).params.id, { drafts: true }) });
    },
    async addBlog(ctx) {
      const { body, files } = requestInput(ctx);
      const { id: _ignored, ...fields } = body;
      const data = await blogs.add(fields, files.get('image')?.[0], newDocumentId(ctx.state));
      reply(ctx, 201, { success: true, message: blogMessages.added, data });
    },
    async updateBlog(ctx) {
      const { body, files } = requestInput(ctx);
      const { id, ...fields } = body;
      const data = await blogs.update(id, fields, files.get('image')?.[0]);
      reply(ctx, 200, { success: true, message: blogMessages.updated, data });
    },
    async deleteBlog(ctx) {
      await blogs.remove(requestInput(ctx).body.id);
      reply(ctx, 200, { success: true, message: blogMessages.deleted });
    },
  };
}
