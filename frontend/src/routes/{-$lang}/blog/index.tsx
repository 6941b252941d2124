import { createFileRoute } from '@tanstack/react-router';
import { BlogPage } from '../../../features/blog/BlogPage';
import { listSearch } from '../../../features/listing/listing';
import { loadLanguage } from '../../../i18n/i18n';
import { subscribeBoxOnServer } from '../../../features/newsletter/subscribe-box-module';

export const Route = createFileRoute('/{-$lang}/blog/')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  // The posts and the page's own Hindi texts, fetched side by side (and the subscribe box's module, on the server).
  loader: async ({ deps, context }) => {
    const [page] = await Promise.all([context.content.blogPage(deps, context.lang), loadLanguage(context.lang, '/{-$lang}/blog/'), subscribeBoxOnServer()]);
    return page;
  },
  component: BlogPage,
});
