import { createFileRoute, notFound } from '@tanstack/react-router';
import { PostLoadError, PostNotFound, PostPage } from '../../../features/blog/PostPage';
import { loadLanguage } from '../../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/blog/$id')({
  loader: async ({ params, context }) => {
    // The post's own Hindi texts come first even when the post does not: its not-found and
    // error pages are in the same part.
    const texts = loadLanguage(context.lang, '/{-$lang}/blog/$id');
    const post = await context.content.blogPost(params.id, context.lang).finally(() => texts);
    if (!post) throw notFound();
    return post;
  },
  component: PostPage,
  notFoundComponent: PostNotFound,
  errorComponent: PostLoadError,
});
