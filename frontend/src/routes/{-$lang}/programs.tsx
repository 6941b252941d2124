import { createFileRoute } from '@tanstack/react-router';
import { ProgramsPage } from '../../features/programs/ProgramsPage';
import { withTexts } from '../../features/pages/api';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/programs')({
  // The page's content (edited in the admin) and its own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) => withTexts(context.content.page('programs', context.lang), loadLanguage(context.lang, '/{-$lang}/programs')),
  component: ProgramsPage,
});
