import { createFileRoute } from '@tanstack/react-router';
import { TransparencyPage } from '../../features/transparency/TransparencyPage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/transparency')({
  // The loader comes with the page's chunk: a page few open adds nothing to every page's first load.
  codeSplitGroupings: [['loader', 'component']],
  // The page's content (edited in the admin), its documents and its own Hindi texts, side by side.
  loader: async ({ context }) => {
    const [page, documents] = await Promise.all([
      context.content.page('transparency', context.lang),
      context.content.documents(context.lang),
      loadLanguage(context.lang, '/{-$lang}/transparency'),
    ]);
    return { page, documents };
  },
  component: TransparencyPage,
});
