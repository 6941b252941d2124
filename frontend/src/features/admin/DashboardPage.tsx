import { getRouteApi } from '@tanstack/react-router';
import type { DashboardSection } from '../../routes/admin/-dashboard-search';
import { AnalyticsSection } from './analytics/AnalyticsSection';
import { BlogsSection } from './blogs/BlogsSection';
import { DonationsSection } from './donations/DonationsSection';
import { CampaignsSection } from './campaigns/CampaignsSection';
import { PledgesSection } from './pledges/PledgesSection';
import { EventSignups } from './events/EventSignups';
import { EventsSection } from './events/EventsSection';
import { ComplianceSection } from './compliance/ComplianceSection';
import { GallerySection } from './gallery/GallerySection';
import { MessagesSection } from './inbox/MessagesSection';
import { NewsletterSection } from './newsletter/NewsletterSection';
import { MediaSection } from './media/MediaSection';
import { OutboxSection } from './mail/OutboxSection';
import { PageEditorScreen } from './pages/PageEditorScreen';
import { PagesSection } from './pages/PagesSection';
import { pageSlugs, pageTitles } from './pages/pagesApi';
import { OverviewSection } from './overview/OverviewSection';
import { PlaceholderSection } from './overview/PlaceholderSection';
import { AdminShell } from './shell/AdminShell';
import { dashboardSectionInfo } from './shell/sections';
import { SettingsSection } from './settings/SettingsSection';
import { ChangePasswordForm, UsersSection } from './users/UsersSection';
import { VolunteersSection } from './volunteers/VolunteersSection';
import { useSession } from '../../stores/session';

const dashboardRoute = getRouteApi('/admin/dashboard');

/** Every section is built: no placeholder is left. */
const placeholderTexts: Partial<Record<DashboardSection, string>> = {};

/** /admin/dashboard: one section at a time, chosen by `?section=` (the dashboard by default). */
export function DashboardPage() {
  const { section = 'dashboard', open, slug: asked } = dashboardRoute.useSearch();
  const slug = pageSlugs.find((known) => known === asked);
  const navigate = dashboardRoute.useNavigate();
  // A Quick Action's dialog opens once; the address then forgets it, so a reload does not reopen it.
  const forgetDialog = () => void navigate({ search: { section }, replace: true });

  const isAdmin = useSession((state) => state.userRole === 'admin');

  let content;
  switch (!isAdmin && dashboardSectionInfo[section].adminOnly ? 'refused' : section) {
    case 'refused':
      content = <PlaceholderSection text="You need an admin account to see this section." />;
      break;
    case 'dashboard':
      content = (
        <>
          <OverviewSection />
          {!isAdmin && <ChangePasswordForm />}
        </>
      );
      break;
    case 'users':
      content = <UsersSection />;
      break;
    case 'settings':
      content = <SettingsSection />;
      break;
    case 'outbox':
      content = <OutboxSection />;
      break;
    case 'blogs':
      content = <BlogsSection startAdding={open === 'add-blog'} onStarted={forgetDialog} />;
      break;
    case 'gallery':
      content = <GallerySection startUploading={open === 'upload-image'} onStarted={forgetDialog} />;
      break;
    case 'media':
      content = <MediaSection />;
      break;
    case 'pages':
      content = slug ? <PageEditorScreen key={slug} slug={slug} /> : <PagesSection />;
      break;
    case 'donations':
      content = <DonationsSection />;
      break;
    case 'campaigns':
      content = <CampaignsSection />;
      break;
    case 'pledges':
      content = <PledgesSection />;
      break;
    case 'events':
      content = asked ? <EventSignups key={asked} eventId={asked} /> : <EventsSection />;
      break;
    case 'compliance':
      content = <ComplianceSection />;
      break;
    case 'volunteers':
      content = <VolunteersSection />;
      break;
    case 'messages':
      content = <MessagesSection />;
      break;
    case 'analytics':
      content = <AnalyticsSection />;
      break;
    case 'newsletter':
      content = <NewsletterSection />;
      break;
    default:
      content = <PlaceholderSection text={placeholderTexts[section] ?? ''} />;
  }

  return (
    <AdminShell current={section} title={section === 'pages' && slug ? `Edit page: ${pageTitles[slug]}` : dashboardSectionInfo[section].title}>
      {content}
    </AdminShell>
  );
}
