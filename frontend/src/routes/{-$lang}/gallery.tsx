import { createFileRoute } from '@tanstack/react-router';
import { galleryFilters } from '../../features/categories';
import { GalleryPage } from '../../features/gallery/GalleryPage';
import { listSearch } from '../../features/listing/listing';

export const Route = createFileRoute('/{-$lang}/gallery')({
  validateSearch: listSearch(galleryFilters.map((filter) => filter.id)),
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.content.galleryPage(deps, context.lang),
  component: GalleryPage,
});
