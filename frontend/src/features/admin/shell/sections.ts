import type { DashboardSection } from '../../../routes/admin/dashboard';
import type { AdminIconName } from '../AdminIcon';

interface SectionInfo {
  /** The sidebar entry. */
  label: string;
  /** The header's title while the section shows. */
  title: string;
  icon: AdminIconName;
}

/** The sidebar in the spec's order; Volunteers (beyond the spec) sits with the content it manages. */
export const dashboardSectionInfo: Record<DashboardSection, SectionInfo> = {
  dashboard: { label: 'Dashboard', title: 'Dashboard Overview', icon: 'dashboard' },
  blogs: { label: 'Manage Blogs', title: 'Manage Blogs', icon: 'blog' },
  gallery: { label: 'Manage Gallery', title: 'Manage Gallery', icon: 'gallery' },
  volunteers: { label: 'Volunteers', title: 'Volunteers', icon: 'volunteers' },
  messages: { label: 'Messages', title: 'Messages', icon: 'mail' },
  users: { label: 'Users', title: 'Users', icon: 'users' },
  analytics: { label: 'Analytics', title: 'Analytics', icon: 'analytics' },
  settings: { label: 'Settings', title: 'Settings', icon: 'settings' },
};

export const dashboardSectionOrder = Object.keys(dashboardSectionInfo) as DashboardSection[];
