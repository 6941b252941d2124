import { createFileRoute } from '@tanstack/react-router';
import { GuardianConsentPage } from '../../features/privacy/GuardianConsentPage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/guardian-consent')({
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/guardian-consent'),
  component: GuardianConsentPage,
});
