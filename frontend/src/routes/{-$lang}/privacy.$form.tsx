import { createFileRoute, notFound } from '@tanstack/react-router';
import { NoticePage } from '../../features/privacy/NoticePage';
import { isNoticeForm } from '../../features/privacy/notices';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/privacy/$form')({
  // The loader comes with the page's chunk: a page few open adds nothing to every page's first load.
  codeSplitGroupings: [['loader', 'component']],
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
