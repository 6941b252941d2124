import { createFileRoute } from '@tanstack/react-router';
import { BlogFormPage } from '../../features/admin/blogs/BlogFormPage';

export interface BlogPageSearch {
  /** The post to edit; without it the page adds a new one. */
  id?: string;
}

export const Route = createFileRoute('/admin/blog')({
  validateSearch: (search: Record<string, unknown>): BlogPageSearch => ({
    id: typeof search.id === 'string' && /^[0-9a-f]{24}$/i.test(search.id) ? search.id : undefined,
  }),
  component: BlogFormPage,
});
