import { Link, getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { EventView } from '@ngo-site/shared';
import { ApiImage } from '../../components/ApiImage';
import { EnglishMark } from '../../components/EnglishMark';
import { Icon } from '../../components/Icon';
import { StatusPage } from '../../components/StatusPage';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { PageText } from '../../components/PageText';
import { PlacesNote } from './PlacesNote';
import { SignupFormSlot } from './SignupFormSlot';
import { googleCalendarLink, icsLink } from './calendar-links';
import { eventWhen, instantText, signupFormId } from './display';
import './EventPage.css';

const eventRoute = getRouteApi('/{-$lang}/events/$id');
// The self-check runs in the browser only: its code comes after the page, on a blood-donation camp's page alone.
const BloodCheck = lazy(() => import('./BloodCheck').then((module) => ({ default: module.BloodCheck })));

const kinds: Record<EventView['kind'], MessageKey | null> = {
  general: null,
  'health-camp': 'Health camp',
  'blood-donation': 'Blood-donation camp',
  'tree-planting': 'Tree-planting drive',
  training: 'Training',
};

/** Why an event takes no sign-ups, when it does not. */
const closedTexts: Partial<Record<EventView['signup'], MessageKey>> = {
  closed: 'Sign-up for this event has closed.',
  started: 'This event has already started, so it takes no more sign-ups.',
  cancelled: 'The event was cancelled, so it takes no sign-ups.',
};

/** /events/<id>: one event, its sign-up form and its calendar links. */
export function EventPage() {
  const { t, lang, locale } = useTranslator();
  const event = eventRoute.useLoaderData();
  usePageMeta(event.title, event.summary || t('An event you can join: {title}.', { title: event.title }));
  const inEnglish = event.text_lang === 'en';
  const kind = kinds[event.kind];
  const closed = closedTexts[event.signup];
  return (
    <article className="section event-page">
      <div className="container event-layout">
        <div className="event-main">
          <Link to="/{-$lang}/events" className="back-link">
            <Icon name="arrow" size={18} className="flip" />
            {t('All events')}
          </Link>
          {kind && <span className="badge">{t(kind)}</span>}
          <h1 className="event-title" lang={inEnglish ? 'en' : undefined}>
            {event.title}
            {inEnglish && <EnglishMark />}
          </h1>
          {event.status === 'cancelled' && (
            <p className="event-cancelled-note" role="status">
              {t('This event is cancelled. Everyone who signed up has been told by e-mail.')}
            </p>
          )}
          <ul className="event-facts event-page-facts">
            <li>
              <Icon name="clock" size={18} />
              <span>{eventWhen(event, locale)}</span>
            </li>
            <li lang={inEnglish ? 'en' : undefined}>
              <Icon name="pin" size={18} />
              <span>
                {event.venue}
                {event.address && <span className="event-address">{event.address}</span>}
                {event.map_url && (
                  <a href={event.map_url} rel="noopener" target="_blank" className="event-map">
                    {t('Open the map')}
                  </a>
                )}
              </span>
            </li>
          </ul>
          {event.image_url && <ApiImage className="event-image" imageUrl={event.image_url} alt="" sizes="(min-width: 900px) 700px, 100vw" priority />}
          {event.description_html && (
            <div className="post-content event-description" lang={inEnglish ? 'en' : undefined}>
              <PageText html={event.description_html} />
            </div>
          )}
          {event.kind === 'blood-donation' && event.status !== 'cancelled' && (
            <Suspense fallback={null}>
              <BloodCheck />
            </Suspense>
          )}
        </div>
        <aside className="event-side">
          <section id={signupFormId} className="card event-signup" aria-label={t('Sign up')}>
            <div className="card-body">
              <PlacesNote event={event} />
              {event.signup_deadline && !closed && (
                <p className="fine-print">{t('Sign up by {time}.', { time: instantText(event.signup_deadline, locale) })}</p>
              )}
              {closed ? <p role="status">{t(closed)}</p> : <SignupFormSlot event={event} />}
            </div>
          </section>
          {event.status !== 'cancelled' && (
            <section className="event-calendar" aria-labelledby="calendar-title">
              <h2 id="calendar-title">{t('Add to your calendar')}</h2>
              <ul>
                <li>
                  <a href={icsLink(event, lang)} download>
                    {t('Calendar file (.ics) for your phone or computer')}
                  </a>
                </li>
                <li>
                  <a href={googleCalendarLink(event)} rel="noopener" target="_blank">
                    {t('Add to Google Calendar')}
                  </a>
                </li>
              </ul>
            </section>
          )}
        </aside>
      </div>
    </article>
  );
}

export function EventNotFound() {
  const { t } = useTranslator();
  usePageMeta(t('Event not found'), t('This event does not exist or has been removed.'));
  return (
    <StatusPage title={t('Event not found')} lead={t('This event does not exist or has been removed.')}>
      <AllEvents />
    </StatusPage>
  );
}

export function EventLoadError() {
  const { t } = useTranslator();
  usePageMeta(t('Events'), t('Camps and drives you can join.'));
  return (
    <StatusPage title={t('We could not load this event')} lead={t('Please check your connection and try again in a moment.')}>
      <AllEvents />
    </StatusPage>
  );
}

function AllEvents() {
  const { t } = useTranslator();
  return (
    <Link to="/{-$lang}/events" className="btn btn-primary">
      {t('All events')}
    </Link>
  );
}
