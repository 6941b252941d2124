import { createFileRoute } from '@tanstack/react-router';
import { VolunteerPage } from '../../features/volunteer/VolunteerPage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/volunteer')({
  // The page's own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/volunteer'),
  component: VolunteerPage,
});
