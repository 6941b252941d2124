import { createFileRoute, notFound } from '@tanstack/react-router';
import { NoticePage } from '../../features/privacy/NoticePage';
import { isNoticeForm } from '../../features/privacy/notices';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/privacy/$form')({
  loader: async ({ params, context }) => {
    const texts = loadLanguage(context.lang, '/{-$lang}/privacy/$form');
    const { form } = params;
    if (!isNoticeForm(form)) {
      await texts;
      throw notFound();
    }
    const [notice] = await Promise.all([context.content.page(`privacy-${form}`, context.lang), texts]);
    return { form, notice };
  },
  component: NoticePage,
});
