import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { authorOf } from './history.js';
import { blogMessages } from './messages.js';
import { BlogService } from './service.js';

/** The operations of a post's history: its revisions, restoring one, and the form's autosaves. */
export function postHistoryHandlers(services: Services): Handlers {
  const blogs = new BlogService(services);
  const { history } = blogs;
  // Every one of these is behind requireRole, which sets the user.
  const userOf = (state: { user?: { sub: string } }) => state.user!.sub;
  return {
    async listBlogRevisions(ctx) {
      reply(ctx, 200, { success: true, data: await history.list(requestInput(ctx).params.id) });
    },
    async getBlogRevision(ctx) {
      const { id, version } = requestInput(ctx).params;
      reply(ctx, 200, { success: true, data: await history.revisionView(id, version) });
    },
    restoreBlogRevision: services.published.publishes(async (ctx) => {
      const { id, revision, version } = requestInput(ctx).body;
      const data = await blogs.restore(id, revision, { version, user: userOf(ctx.state) });
      reply(ctx, 200, { success: true, message: blogMessages.restored(revision), data });
    }),
    async autosaveBlog(ctx) {
      const { post, version, ...typed } = requestInput(ctx).body;
      const user = userOf(ctx.state);
      const data = await history.autosave(user, post, version, typed, await authorOf(services, user));
      reply(ctx, 200, { success: true, message: blogMessages.autosaved, data });
    },
    async getBlogAutosave(ctx) {
      reply(ctx, 200, { success: true, data: await history.autosaved(userOf(ctx.state), requestInput(ctx).params.post) });
    },
    async discardBlogAutosave(ctx) {
      await history.discard(userOf(ctx.state), requestInput(ctx).body.post);
      reply(ctx, 200, { success: true, message: blogMessages.autosaveDiscarded });
    },
  };
}
