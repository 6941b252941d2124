import { createFileRoute } from '@tanstack/react-router';
import { fetchGalleryPage } from '../../features/gallery/api';
import { galleryFilters } from '../../features/categories';
import { GalleryPage } from '../../features/gallery/GalleryPage';
import { listSearch } from '../../features/listing/listing';

export const Route = createFileRoute('/hi/gallery')({
  validateSearch: listSearch(galleryFilters.map((filter) => filter.id)),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => fetchGalleryPage(deps, 'hi'),
  component: GalleryPage,
});
