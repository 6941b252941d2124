import { createFileRoute } from '@tanstack/react-router';
import { fetchBlogPage } from '../../../features/blog/api';
import { BlogPage } from '../../../features/blog/BlogPage';
import { blogCategoryFilters } from '../../../features/categories';
import { listSearch } from '../../../features/listing/listing';

export const Route = createFileRoute('/hi/blog/')({
  validateSearch: listSearch(blogCategoryFilters.map((filter) => filter.id)),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => fetchBlogPage(deps, 'hi'),
  component: BlogPage,
});
