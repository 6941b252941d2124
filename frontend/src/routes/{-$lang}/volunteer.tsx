import { createFileRoute } from '@tanstack/react-router';
import { VolunteerPage } from '../../features/volunteer/VolunteerPage';
import { withTexts } from '../../features/pages/api';
import { withNoticeVersion } from '../../features/privacy/api';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/volunteer')({
  // The page's content (edited in the admin) and its own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) =>
    withTexts(
      withNoticeVersion(context.content.page('volunteer', context.lang), context.content, 'volunteer', context.lang),
      loadLanguage(context.lang, '/{-$lang}/volunteer'),
    ),
  component: VolunteerPage,
});
