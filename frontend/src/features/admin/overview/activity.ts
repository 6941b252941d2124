import type { Stats } from '../api';
import type { AdminIconName } from '../AdminIcon';

type Activity = Stats['recent'][number];

const kindWords: Record<Activity['kind'], { icon: AdminIconName; created: string; updated: string }> = {
  blog: { icon: 'blog', created: 'New blog post', updated: 'Blog post updated' },
  gallery: { icon: 'gallery', created: 'New gallery image', updated: 'Gallery image updated' },
  volunteer: { icon: 'volunteers', created: 'New volunteer registration', updated: 'Volunteer registration updated' },
};

export function describeActivity(entry: Activity): { icon: AdminIconName; text: string } {
  const words = kindWords[entry.kind];
  return { icon: words.icon, text: `${words[entry.action]}: ${entry.title || 'Untitled'}` };
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "5 minutes ago" for the last week, a date before that. */
export function formatWhen(isoTime: string, now = Date.now()): string {
  const time = Date.parse(isoTime);
  if (Number.isNaN(time)) return '';
  let amount = Math.round((time - now) / 1000);
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return relative.format(amount, unit);
    amount = Math.round(amount / size);
  }
  return absolute.format(time);
}
