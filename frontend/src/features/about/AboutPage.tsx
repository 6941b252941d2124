import { usePageMeta } from '../../components/usePageMeta';

export function AboutPage() {
  usePageMeta('About Us', 'About Us');
  return (
    <section className="container section">
      <h1>About Us</h1>
    </section>
  );
}
