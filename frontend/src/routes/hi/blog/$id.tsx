import { createFileRoute, notFound } from '@tanstack/react-router';
import { fetchBlogPost } from '../../../features/blog/api';
import { PostLoadError, PostNotFound, PostPage } from '../../../features/blog/PostPage';

export const Route = createFileRoute('/hi/blog/$id')({
  loader: async ({ params }) => {
    const post = await fetchBlogPost(params.id, 'hi');
    if (!post) throw notFound();
    return post;
  },
  component: PostPage,
  notFoundComponent: PostNotFound,
  errorComponent: PostLoadError,
});
