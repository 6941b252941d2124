import { createFileRoute } from '@tanstack/react-router';
import { fetchBlogPosts } from '../../features/blog/api';
import { BlogPage } from '../../features/blog/BlogPage';

export const Route = createFileRoute('/blog/')({
  loader: () => fetchBlogPosts(),
  component: BlogPage,
});
