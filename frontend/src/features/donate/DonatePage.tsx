import { usePageMeta } from '../../components/usePageMeta';

export function DonatePage() {
  usePageMeta('Donate', 'Donate');
  return (
    <section className="container section">
      <h1>Donate</h1>
    </section>
  );
}
