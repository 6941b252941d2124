import { createFileRoute, notFound } from '@tanstack/react-router';
import { EventLoadError, EventNotFound, EventPage } from '../../../features/events/EventPage';
import { loadLanguage } from '../../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/events/$id')({
  // One chunk for the page and its not-found and error pages: fewer requests, less in the first load.
  codeSplitGroupings: [['component', 'notFoundComponent', 'errorComponent']],
  loader: async ({ params, context }) => {
    // The page's own Hindi texts come first even when the event does not: its not-found and
    // error pages are in the same part.
    const texts = loadLanguage(context.lang, '/{-$lang}/events/$id');
    const event = await context.content.event(params.id, context.lang).finally(() => texts);
    if (!event) throw notFound();
    return event;
  },
  component: EventPage,
  notFoundComponent: EventNotFound,
  errorComponent: EventLoadError,
});
