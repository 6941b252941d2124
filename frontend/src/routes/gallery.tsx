import { createFileRoute } from '@tanstack/react-router';
import { fetchGalleryItems } from '../features/gallery/api';
import { GalleryPage } from '../features/gallery/GalleryPage';

export const Route = createFileRoute('/gallery')({
  loader: () => fetchGalleryItems(),
  component: GalleryPage,
});
