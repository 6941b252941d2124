/** The home page's impact figures (shown with a plus suffix). */
export const impactFigures = [
  { label: 'People Impacted', value: 120 },
  { label: 'Trees Planted', value: 90 },
  { label: 'Clean Water Projects', value: 5 },
  { label: 'States Reached', value: 4 },
] as const;
