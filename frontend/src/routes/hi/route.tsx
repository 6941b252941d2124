import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/not-found/NotFoundPage';
import { loadLanguage } from '../../i18n/i18n';

/** The Hindi site: the same pages as the English one, under /hi, rendered once the Hindi messages are in. */
export const Route = createFileRoute('/hi')({
  beforeLoad: () => loadLanguage('hi'),
  notFoundComponent: NotFoundPage,
});
