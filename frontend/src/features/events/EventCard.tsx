import { Link } from '@tanstack/react-router';
import type { EventView } from '@ngo-site/shared';
import { ApiImage } from '../../components/ApiImage';
import { EnglishMark } from '../../components/EnglishMark';
import { Icon } from '../../components/Icon';
import { useTranslator } from '../../i18n/i18n';
import { PlacesNote } from './PlacesNote';
import { eventDay, eventWhen } from './display';
import './EventCard.css';

const cardImageSizes = '(min-width: 1180px) 370px, (min-width: 700px) 45vw, 100vw';

/** One event in a list: its day, title, time and place, and whether places are left. */
export function EventCard({ event, priority = false, headingLevel = 2 }: { event: EventView; priority?: boolean; headingLevel?: 2 | 3 }) {
  const { t, locale } = useTranslator();
  const Heading = `h${headingLevel}` as const;
  const inEnglish = event.text_lang === 'en';
  return (
    <article className={event.status === 'cancelled' ? 'card event-card event-cancelled' : 'card event-card'}>
      {event.image_url && (
        <div className="card-media">
          <ApiImage imageUrl={event.image_url} alt="" sizes={cardImageSizes} priority={priority} />
        </div>
      )}
      <div className="card-body">
        <p className="event-day">
          <Icon name="calendar" size={16} />
          {eventDay(event, locale)}
        </p>
        <Heading lang={inEnglish ? 'en' : undefined}>
          <Link to="/{-$lang}/events/$id" params={{ id: event.id }} className="card-title-link">
            {event.title}
          </Link>
          {inEnglish && <EnglishMark />}
        </Heading>
        <ul className="event-facts">
          <li>
            <Icon name="clock" size={15} />
            {eventWhen(event, locale)}
          </li>
          <li lang={inEnglish ? 'en' : undefined}>
            <Icon name="pin" size={15} />
            {event.venue}
          </li>
        </ul>
        <PlacesNote event={event} />
        <Link to="/{-$lang}/events/$id" params={{ id: event.id }} className="card-link" aria-hidden="true" tabIndex={-1}>
          {t('Details and sign-up')}
          <Icon name="arrow" size={18} />
        </Link>
      </div>
    </article>
  );
}
