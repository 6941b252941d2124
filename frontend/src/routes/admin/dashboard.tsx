import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/admin/DashboardPage';
import { parseDashboardSearch } from './-dashboard-search';

export const Route = createFileRoute('/admin/dashboard')({
  validateSearch: parseDashboardSearch,
  component: DashboardPage,
});
