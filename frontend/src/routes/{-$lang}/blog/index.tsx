import { createFileRoute } from '@tanstack/react-router';
import { BlogPage } from '../../../features/blog/BlogPage';
import { listSearch } from '../../../features/listing/listing';
import { loadLanguage } from '../../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/blog/')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  // The posts and the page's own Hindi texts, fetched side by side.
  loader: async ({ deps, context }) => {
    const [page] = await Promise.all([context.content.blogPage(deps, context.lang), loadLanguage(context.lang, '/{-$lang}/blog/')]);
    return page;
  },
  component: BlogPage,
});
