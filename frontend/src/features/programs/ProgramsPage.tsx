import { usePageMeta } from '../../components/usePageMeta';

export function ProgramsPage() {
  usePageMeta('Our Programs', 'Our Programs');
  return (
    <section className="container section">
      <h1>Our Programs</h1>
    </section>
  );
}
