import type { EventView } from '@ngo-site/shared';
import { useTranslator } from '../../i18n/i18n';
import { placesNote } from './display';

/** Places left, the waiting list, or why sign-up is over, as a badge. */
export function PlacesNote({ event }: { event: Pick<EventView, 'signup' | 'places_left'> }) {
  const { t, formatNumber } = useTranslator();
  const note = placesNote(event);
  if (!note) return null;
  const text = note.count === 1 ? t('One place left') : t(note.key, note.count === undefined ? undefined : { count: formatNumber(note.count) });
  return <p className={`badge places-note places-${event.signup}`}>{text}</p>;
}
