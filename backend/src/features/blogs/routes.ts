import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import type { Services } from '../../services.js';
import { blogMessages } from './messages.js';
import { BlogService } from './service.js';

export function blogHandlers(services: Services): Handlers {
  const blogs = new BlogService(services);
  const { cacheable, publishes } = services.published;
  return {
    listBlogs: cacheable(async (ctx) => {
      const { items, headers } = await blogs.list(requestInput(ctx).params);
      return { body: items, headers };
    }),
    getBlog: cacheable(async (ctx) => {
      const { id, lang } = requestInput(ctx).params;
      return { body: { success: true, data: await blogs.get(id, { lang }) } };
    }),
    async listAllBlogs(ctx) {
      const { items, headers } = await blogs.listAll(requestInput(ctx).params);
      if (headers) ctx.set(headers);
      reply(ctx, 200, { success: true, data: items });
    },
    async previewBlog(ctx) {
      reply(ctx, 200, { success: true, data: await blogs.get(requestInput(ctx).params.id, { drafts: true }) });
    },
    addBlog: publishes(async (ctx) => {
      const { body, files } = requestInput(ctx);
      const { id: _ignored, ...fields } = body;
      const data = await blogs.add(fields, files.get('image')?.[0], newDocumentId(ctx.state));
      reply(ctx, 201, { success: true, message: blogMessages.added, data });
    }),
    updateBlog: publishes(async (ctx) => {
      const { body, files } = requestInput(ctx);
      const { id, ...fields } = body;
      const data = await blogs.update(id, fields, files.get('image')?.[0]);
      reply(ctx, 200, { success: true, message: blogMessages.updated, data });
    }),
    deleteBlog: publishes(async (ctx) => {
      await blogs.remove(requestInput(ctx).body.id);
      reply(ctx, 200, { success: true, message: blogMessages.deleted });
    }),
  };
}
