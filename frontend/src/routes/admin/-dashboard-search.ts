// What the dashboard's address may say (`/admin/dashboard?section=…&open=…`). Not a route (the
// leading '-' keeps the router from taking it for one): the route and the admin features both
// import it, and it imports nothing, so there is no circle between them. It sits in the entry
// chunk with the route's search check, where report-size.mjs allows routes/admin files.

const dashboardSections = ['dashboard', 'blogs', 'gallery', 'volunteers', 'messages', 'users', 'analytics', 'settings'] as const;
export type DashboardSection = (typeof dashboardSections)[number];

/** Dialogs a link can open on arrival (the Quick Actions). */
const dashboardDialogs = ['add-blog', 'upload-image'] as const;
export type DashboardDialog = (typeof dashboardDialogs)[number];

export interface DashboardSearch {
  section?: DashboardSection;
  open?: DashboardDialog;
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

export const parseDashboardSearch = (search: Record<string, unknown>): DashboardSearch => ({
  section: oneOf(dashboardSections, search.section),
  open: oneOf(dashboardDialogs, search.open),
});
