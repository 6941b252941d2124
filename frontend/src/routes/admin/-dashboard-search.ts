// What the dashboard's address may say (`/admin/dashboard?section=…&open=…`). Not a route (the
// leading '-' keeps the router from taking it for one): the route and the admin features both
// import it, and it imports nothing, so there is no circle between them. It sits in the entry
// chunk with the route's search check, where report-size.mjs allows routes/admin files.

const dashboardSections = [
  'dashboard',
  'blogs',
  'gallery',
  'media',
  'pages',
  'volunteers',
  'messages',
  'users',
  'analytics',
  'settings',
  'outbox',
  'donations',
  'newsletter',
  'campaigns',
  'pledges',
  'events',
  'compliance',
] as const;
export type DashboardSection = (typeof dashboardSections)[number];

/** Dialogs a link can open on arrival (the Quick Actions). */
const dashboardDialogs = ['add-blog', 'upload-image'] as const;
export type DashboardDialog = (typeof dashboardDialogs)[number];

/** The posts' status filter of Manage Blogs. */
const postStatuses = ['published', 'draft', 'scheduled'] as const;
export type PostStatus = (typeof postStatuses)[number];

export interface DashboardSearch {
  section?: DashboardSection;
  open?: DashboardDialog;
  /** A section's list: its page (from 2; 1 is left out), search text and (posts) status. */
  page?: number;
  q?: string;
  status?: PostStatus;
  /**
   * What the section opens: Pages, the page in its editor (none, or no such page: the list of
   * pages); Events, the event whose sign-ups show (the list of the day).
   */
  slug?: string;
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

const pageOf = (value: unknown) => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : undefined;
};
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.slice(0, 200) : undefined);

export const parseDashboardSearch = (search: Record<string, unknown>): DashboardSearch => ({
  section: oneOf(dashboardSections, search.section),
  open: oneOf(dashboardDialogs, search.open),
  page: pageOf(search.page),
  q: textOf(search.q),
  status: oneOf(postStatuses, search.status),
  slug: textOf(search.slug),
});
