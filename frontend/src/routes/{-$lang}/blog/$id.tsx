import { createFileRoute, notFound } from '@tanstack/react-router';
import { PostLoadError, PostNotFound, PostPage } from '../../../features/blog/PostPage';
import { loadLanguage } from '../../../i18n/i18n';
import { subscribeBoxOnServer } from '../../../features/newsletter/subscribe-box-module';

export const Route = createFileRoute('/{-$lang}/blog/$id')({
  loader: async ({ params, context }) => {
    // The post's own Hindi texts come first even when the post does not: its not-found and
    // error pages are in the same part.
    const texts = Promise.all([loadLanguage(context.lang, '/{-$lang}/blog/$id'), subscribeBoxOnServer()]);
    const post = await context.content.blogPost(params.id, context.lang).finally(() => texts);
    if (!post) throw notFound();
    return post;
  },
  component: PostPage,
  notFoundComponent: PostNotFound,
  errorComponent: PostLoadError,
});
