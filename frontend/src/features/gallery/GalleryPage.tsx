import { usePageMeta } from '../../components/usePageMeta';

export function GalleryPage() {
  usePageMeta('Our Impact in Pictures', 'Our Impact in Pictures');
  return (
    <section className="container section">
      <h1>Our Impact in Pictures</h1>
    </section>
  );
}
