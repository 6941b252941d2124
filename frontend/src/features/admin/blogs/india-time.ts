// A post's publish_at as the admin enters and reads it: always India time (Asia/Kolkata, no
// daylight saving, UTC+05:30), whatever the time zone of the computer the admin uses.
import type { Blog } from '../../../api/types';

const indiaParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const indiaShown = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

/** An instant as a datetime-local input's value in India time (YYYY-MM-DDTHH:mm); '' for none. */
export function toIndiaInput(instant: string | null | undefined): string {
  if (!instant) return '';
  const parts = Object.fromEntries(indiaParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A datetime-local value read as India time, in ISO 8601 with India's offset; '' stays '' (clears it). */
export const fromIndiaInput = (value: string) => (value ? `${value.length === 16 ? `${value}:00` : value}+05:30` : '');

/** "1 Dec 2026, 9:30 am IST" */
export const formatIndiaTime = (instant: string) => `${indiaShown.format(new Date(instant))} IST`;

/** A published post whose publish_at is still ahead: the public does not see it yet. */
export const isScheduled = (post: Pick<Blog, 'status' | 'publish_at'>, now = Date.now()) =>
  post.status === 'published' && Boolean(post.publish_at) && new Date(post.publish_at!).getTime() > now;
