import { createFileRoute } from '@tanstack/react-router';
import { ProgramsPage } from '../../features/programs/ProgramsPage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/programs')({
  // The page's own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/programs'),
  component: ProgramsPage,
});
