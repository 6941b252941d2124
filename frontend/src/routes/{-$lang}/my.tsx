import { createFileRoute } from '@tanstack/react-router';
import { MyPage } from '../../features/my/MyPage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/my')({
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/my'),
  component: MyPage,
});
