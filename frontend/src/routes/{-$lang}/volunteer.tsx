import { createFileRoute } from '@tanstack/react-router';
import { VolunteerPage } from '../../features/volunteer/VolunteerPage';

export const Route = createFileRoute('/{-$lang}/volunteer')({
  component: VolunteerPage,
});
