import type { MessageKey } from '../../i18n/i18n';

/** The home page's impact figures (shown with a plus suffix). */
export const impactFigures: readonly { label: MessageKey; value: number }[] = [
  { label: 'People Impacted', value: 120 },
  { label: 'Trees Planted', value: 90 },
  { label: 'Clean Water Projects', value: 5 },
  { label: 'States Reached', value: 4 },
];
