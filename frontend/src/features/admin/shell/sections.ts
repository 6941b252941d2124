import type { DashboardSection } from '../../../routes/admin/-dashboard-search';
import type { AdminIconName } from '../AdminIcon';

interface SectionInfo {
  /** The sidebar entry. */
  label: string;
  /** The header's title while the section shows. */
  title: string;
  icon: AdminIconName;
  /** Only admins see it (the server refuses its operations to editors too). */
  adminOnly?: boolean;
}

/** The sidebar in the spec's order; Volunteers (beyond the spec) sits with the content it manages. */
export const dashboardSectionInfo: Record<DashboardSection, SectionInfo> = {
  dashboard: { label: 'Dashboard', title: 'Dashboard Overview', icon: 'dashboard' },
  blogs: { label: 'Manage Blogs', title: 'Manage Blogs', icon: 'blog' },
  gallery: { label: 'Manage Gallery', title: 'Manage Gallery', icon: 'gallery' },
  media: { label: 'Media', title: 'Media Library', icon: 'media' },
  pages: { label: 'Pages', title: 'Pages', icon: 'edit' },
  events: { label: 'Events', title: 'Events', icon: 'calendar' },
  donations: { label: 'Donations', title: 'Donations', icon: 'check', adminOnly: true },
  campaigns: { label: 'Campaigns', title: 'Campaigns', icon: 'flag', adminOnly: true },
  pledges: { label: 'Monthly pledges', title: 'Monthly pledges', icon: 'repeat', adminOnly: true },
  compliance: { label: 'Compliance', title: 'Compliance: legal dates, Form 10BE, transparency, personal data', icon: 'alert', adminOnly: true },
  volunteers: { label: 'Volunteers', title: 'Volunteers', icon: 'volunteers', adminOnly: true },
  newsletter: { label: 'Newsletter', title: 'Newsletter', icon: 'mail' },
  messages: { label: 'Messages', title: 'Messages', icon: 'mail', adminOnly: true },
  users: { label: 'Users', title: 'Users', icon: 'users', adminOnly: true },
  analytics: { label: 'Analytics', title: 'Analytics', icon: 'analytics', adminOnly: true },
  settings: { label: 'Settings', title: 'Settings', icon: 'settings', adminOnly: true },
  outbox: { label: 'Outbox', title: 'Outbox', icon: 'clock', adminOnly: true },
};

export const dashboardSectionOrder = Object.keys(dashboardSectionInfo) as DashboardSection[];

/** The sections a role sees in the sidebar. */
export const sectionsFor = (role: string | null) => dashboardSectionOrder.filter((section) => role === 'admin' || !dashboardSectionInfo[section].adminOnly);
