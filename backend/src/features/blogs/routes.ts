import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import { itemEditHandlers } from '../images/item-handlers.js';
import type { Services } from '../../services.js';
import { blogMessages } from './messages.js';
import { BlogService } from './service.js';
import { issuePreviewToken, previewParameter } from './preview-token.js';

export function blogHandlers(services: Services): Handlers {
  const blogs = new BlogService(services);
  const { cacheable, publishes } = services.published;
  const edits = itemEditHandlers<{ update: 'updateBlog'; remove: 'deleteBlog' }>(services, blogs, blogMessages);
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
    async getBlogPreviewLink(ctx) {
      const { id } = requestInput(ctx).params;
      // The post must exist (any status): a link to nothing would only show a 404.
      const post = await blogs.get(id, { drafts: true });
      const { token, expiresAt } = issuePreviewToken(services.config.jwtSecret, post.id);
      const url = `/blog/${post.id}?${previewParameter}=${encodeURIComponent(token)}`;
      reply(ctx, 200, { success: true, data: { url, expires_at: expiresAt.toISOString() } });
    },
    addBlog: publishes(async (ctx) => {
      const { body, files } = requestInput(ctx);
      const { id: _ignored, ...fields } = body;
      const data = await blogs.add(fields, files.get('image')?.[0], newDocumentId(ctx.state), { user: ctx.state.user?.sub });
      reply(ctx, 201, { success: true, message: blogMessages.added, data });
    }),
    updateBlog: publishes(async (ctx) => {
      const { body, files } = requestInput(ctx);
      const { id, version, ...fields } = body;
      const by = { user: ctx.state.user?.sub, version: version === undefined ? undefined : Number(version) };
      reply(ctx, 200, { success: true, message: blogMessages.updated, data: await blogs.update(id, fields, files.get('image')?.[0], by) });
    }),
    deleteBlog: edits.remove,
  };
}
