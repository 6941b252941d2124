import { usePageMeta } from '../../components/usePageMeta';
import { site } from '../../site';

export function HomePage() {
  usePageMeta(site.name, site.tagline);
  return (
    <section className="container">
      <h1>{site.name}</h1>
    </section>
  );
}
