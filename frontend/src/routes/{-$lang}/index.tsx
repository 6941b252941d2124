import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/HomePage';
import { withTexts } from '../../features/pages/api';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/')({
  // The page's content (edited in the admin), the programs shown on it, the next few events and
  // the page's own Hindi texts, beside the root part its layout route loads.
  loader: async ({ context }) => {
    const [home, programs, comingUp] = await Promise.all([
      context.content.page('home', context.lang),
      withTexts(context.content.page('programs', context.lang), loadLanguage(context.lang, '/{-$lang}/')),
      context.content.eventPage({ upcoming: true, limit: 3 }, context.lang),
    ]);
    // Only what the cards show travels with the page.
    const cards = programs.items.filter((program) => program.on_home).map(({ id, name, summary, picture }) => ({ id, name, summary, picture }));
    return { ...home, cards, comingUp: comingUp.items };
  },
  component: HomePage,
});
