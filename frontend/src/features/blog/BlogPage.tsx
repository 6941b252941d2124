import { usePageMeta } from '../../components/usePageMeta';

export function BlogPage() {
  usePageMeta('Blog & News', 'Blog & News');
  return (
    <section className="container section">
      <h1>Blog & News</h1>
    </section>
  );
}
