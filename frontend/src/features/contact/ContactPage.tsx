import { usePageMeta } from '../../components/usePageMeta';

export function ContactPage() {
  usePageMeta('Contact Us', 'Contact Us');
  return (
    <section className="container section">
      <h1>Contact Us</h1>
    </section>
  );
}
