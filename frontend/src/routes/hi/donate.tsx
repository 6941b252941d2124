import { createFileRoute } from '@tanstack/react-router';
import { DonatePage } from '../../features/donate/DonatePage';

export const Route = createFileRoute('/hi/donate')({
  component: DonatePage,
});
