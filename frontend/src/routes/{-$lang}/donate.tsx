import { createFileRoute } from '@tanstack/react-router';
import { DonatePage } from '../../features/donate/DonatePage';

export const Route = createFileRoute('/{-$lang}/donate')({
  component: DonatePage,
});
