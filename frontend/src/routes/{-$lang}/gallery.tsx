import { createFileRoute } from '@tanstack/react-router';
import { GalleryPage } from '../../features/gallery/GalleryPage';
import { listSearch } from '../../features/listing/listing';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/gallery')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  // The photos and the page's own Hindi texts, fetched side by side.
  loader: async ({ deps, context }) => {
    const [page] = await Promise.all([context.content.galleryPage(deps, context.lang), loadLanguage(context.lang, '/{-$lang}/gallery')]);
    return page;
  },
  component: GalleryPage,
});
