import { getRouteApi } from '@tanstack/react-router';
import type { DashboardSection } from '../../routes/admin/dashboard';
import { AnalyticsSection } from './analytics/AnalyticsSection';
import { BlogsSection } from './blogs/BlogsSection';
import { GallerySection } from './gallery/GallerySection';
import { MessagesSection } from './messages/MessagesSection';
import { OverviewSection } from './overview/OverviewSection';
import { PlaceholderSection } from './overview/PlaceholderSection';
import { AdminShell } from './shell/AdminShell';
import { dashboardSectionInfo } from './shell/sections';
import { VolunteersSection } from './volunteers/VolunteersSection';

const dashboardRoute = getRouteApi('/admin/dashboard');

/** Users and Settings stay placeholders, as the spec has them. */
const placeholderTexts: Partial<Record<DashboardSection, string>> = {
  users: 'User management functionality will be implemented later.',
  settings: 'Settings functionality will be implemented later.',
};

/** /admin/dashboard: one section at a time, chosen by `?section=` (the dashboard by default). */
export function DashboardPage() {
  const { section = 'dashboard', open } = dashboardRoute.useSearch();
  const navigate = dashboardRoute.useNavigate();
  // A Quick Action's dialog opens once; the address then forgets it, so a reload does not reopen it.
  const forgetDialog = () => void navigate({ search: { section }, replace: true });

  let content;
  switch (section) {
    case 'dashboard':
      content = <OverviewSection />;
      break;
    case 'blogs':
      content = <BlogsSection startAdding={open === 'add-blog'} onStarted={forgetDialog} />;
      break;
    case 'gallery':
      content = <GallerySection startUploading={open === 'upload-image'} onStarted={forgetDialog} />;
      break;
    case 'volunteers':
      content = <VolunteersSection />;
      break;
    case 'messages':
      content = <MessagesSection />;
      break;
    // --- issue 12: page views ---
    case 'analytics':
      content = <AnalyticsSection />;
      break;
    // --- end issue 12 ---
    default:
      content = <PlaceholderSection text={placeholderTexts[section] ?? ''} />;
  }

  return (
    <AdminShell current={section} title={dashboardSectionInfo[section].title}>
      {content}
    </AdminShell>
  );
}
