import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/not-found/NotFoundPage';
import { loadLanguage } from '../../i18n/i18n';
import { parseLangParam, type Lang } from '../../i18n/paths';

/** Every public page: English at the spec's URLs, Hindi under /hi (any other first segment is no page). */
export const Route = createFileRoute('/{-$lang}')({
  params: { parse: parseLangParam },
  beforeLoad: async ({ params }) => {
    const lang: Lang = params.lang ?? 'en';
    await loadLanguage(lang);
    return { lang };
  },
  notFoundComponent: NotFoundPage,
});
