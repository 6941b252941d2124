export type MediaUseKind = 'gallery' | 'cover' | 'text';

/** Where an image is shown, as a refused delete names it: a use of the list, or an editable page. */
type PlaceKind = MediaUseKind | 'page';

const placeNames: Record<PlaceKind, (title: string) => string> = {
  gallery: (title) => `the gallery item “${title}”`,
  cover: (title) => `the cover of the post “${title}”`,
  text: (title) => `the text of the post “${title}”`,
  page: (title) => `the ${title} page`,
};

export const mediaMessages = {
  notFound: 'Image not found',
  updated: 'Image details saved',
  deleted: 'Image deleted',
  inUse: (uses: { kind: PlaceKind; title: string }[]) => {
    const places = uses.map(({ kind, title }) => placeNames[kind](title));
    const shown = places.length > 5 ? [...places.slice(0, 5), `${places.length - 5} more`] : places;
    return `This image is used in ${shown.join(', ')}. Delete it anyway to remove it from there too.`;
  },
};
