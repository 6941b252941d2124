import { createFileRoute } from '@tanstack/react-router';
import { MultiUploadPage } from '../../features/admin/gallery/MultiUploadPage';

export const Route = createFileRoute('/admin/gallery')({
  component: MultiUploadPage,
});
