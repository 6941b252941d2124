import { createFileRoute } from '@tanstack/react-router';
import { BlogPage } from '../../../features/blog/BlogPage';
import { blogCategoryFilters } from '../../../features/categories';
import { listSearch } from '../../../features/listing/listing';

export const Route = createFileRoute('/{-$lang}/blog/')({
  validateSearch: listSearch(blogCategoryFilters.map((filter) => filter.id)),
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.content.blogPage(deps, context.lang),
  component: BlogPage,
});
