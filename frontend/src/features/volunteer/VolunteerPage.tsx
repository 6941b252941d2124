import { usePageMeta } from '../../components/usePageMeta';

export function VolunteerPage() {
  usePageMeta('Volunteer', 'Volunteer');
  return (
    <section className="container section">
      <h1>Volunteer</h1>
    </section>
  );
}
