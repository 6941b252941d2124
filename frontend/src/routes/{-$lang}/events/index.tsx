import { createFileRoute } from '@tanstack/react-router';
import { EventsPage } from '../../../features/events/EventsPage';
import { eventsSearch } from '../../../features/events/api';
import { loadLanguage } from '../../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/events/')({
  validateSearch: eventsSearch,
  loaderDeps: ({ search }) => search,
  // The events and the page's own Hindi texts, fetched side by side.
  loader: async ({ deps, context }) => {
    const [page] = await Promise.all([context.content.eventPage(deps, context.lang), loadLanguage(context.lang, '/{-$lang}/events/')]);
    return page;
  },
  component: EventsPage,
});
