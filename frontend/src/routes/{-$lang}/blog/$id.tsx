import { createFileRoute, notFound } from '@tanstack/react-router';
import { PostLoadError, PostNotFound, PostPage } from '../../../features/blog/PostPage';

export const Route = createFileRoute('/{-$lang}/blog/$id')({
  loader: async ({ params, context }) => {
    const post = await context.content.blogPost(params.id, context.lang);
    if (!post) throw notFound();
    return post;
  },
  component: PostPage,
  notFoundComponent: PostNotFound,
  errorComponent: PostLoadError,
});
