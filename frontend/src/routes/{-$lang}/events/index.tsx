import { createFileRoute } from '@tanstack/react-router';
import { EventsPage } from '../../../features/events/EventsPage';
import { listSearch } from '../../../features/listing/listing';
import { withTexts } from '../../../features/pages/api';
import { loadLanguage } from '../../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/events/')({
  // A page number, as the other lists read it (the page reads a cancellation link's `cancel` itself).
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: listSearch(search).page }),
  loaderDeps: ({ search }) => search,
  // The events and the page's own Hindi texts, fetched side by side.
  loader: ({ deps, context }) => withTexts(context.content.eventPage(deps, context.lang), loadLanguage(context.lang, '/{-$lang}/events/')),
  component: EventsPage,
});
