import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { sentQuery } from '@ngo-site/shared';
import { Icon } from '../../components/Icon';
import { InnerPage } from '../../components/InnerPage';
import { pageHero } from '../../components/pageHeroes';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator } from '../../i18n/i18n';
import { usePostedForm, useSentByPlainPost } from '../../components/PlainForm';
import { CancelPanel } from './CancelPanel';
import { EventCard } from './EventCard';
import { hasEnded } from './display';
import './EventsPage.css';

const eventsRoute = getRouteApi('/{-$lang}/events/');

/**
 * /events: what is coming up, soonest first, then what has been, a page of 12 at a time; and,
 * opened from a sign-up's mail, the form that cancels it.
 */
export function EventsPage() {
  const { t, lang } = useTranslator();
  usePageMeta(t('Events'), t('Health and blood-donation camps, tree-planting drives and trainings in Jharkhand and Bihar that you can join.'));
  const { items, total } = eventsRoute.useLoaderData();
  const search = eventsRoute.useSearch();
  // A sign-up's cancellation link (?cancel=<token>), or the answer to its form sent without the script.
  const posted = usePostedForm();
  const query = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const sent = useSentByPlainPost() && query[sentQuery.status] === 'cancelled';
  const cancelToken = (typeof query.cancel === 'string' ? query.cancel : undefined) ?? posted?.values.token;
  const upcoming = items.filter((event) => !hasEnded(event));
  const past = items.filter((event) => hasEnded(event));
  return (
    <InnerPage hero={pageHero('events', t)} as="div">
      {(cancelToken || sent) && <CancelPanel token={cancelToken ?? ''} />}
      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="events-heading">
          {t('Coming up')}
        </h2>
        {upcoming.length > 0 ? (
          <div className="grid grid-3">
            {upcoming.map((event, index) => (
              <EventCard key={event.id} event={event} priority={index < 3} headingLevel={3} />
            ))}
          </div>
        ) : (
          <p className="empty-state" role="status">
            {search.page
              ? t('Nothing is coming up on this page: the events below have taken place.')
              : t('No events are planned just now. Please look again soon.')}
          </p>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-heading">
          <h2 id="past-heading" className="events-heading">
            {t('Past events')}
          </h2>
          <div className="grid grid-3">
            {past.map((event) => (
              <EventCard key={event.id} event={event} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
      <Pagination to="/{-$lang}/events" search={search} total={total} label={t('Event pages')} />
      <p className="events-feed">
        <Icon name="calendar" size={18} />
        <a href={`/api/get_events_ics.php${lang === 'hi' ? '?lang=hi' : ''}`}>{t('Calendar feed of our events')}</a>
        <span>{t('Add this link to your calendar app to see new events as we plan them.')}</span>
      </p>
    </InnerPage>
  );
}
