import { createFileRoute } from '@tanstack/react-router';
import { GuardianConsentPage } from '../../features/privacy/GuardianConsentPage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/guardian-consent')({
  // The loader comes with the page's chunk: a page few open adds nothing to every page's first load.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/guardian-consent'),
  component: GuardianConsentPage,
});
