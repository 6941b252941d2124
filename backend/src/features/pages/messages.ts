import type { PageSlug } from '@ngo-site/shared';

export const pageMessages = {
  saved: 'Page published',
  draftSaved: 'Draft saved; visitors still see the published page',
  draftDiscarded: 'The draft was discarded',
  reset: 'The page is back to its first content; what it showed before is kept among its revisions',
  restored: (version: number) => `Version ${version} was restored as the page's newest version`,
  revisionNotFound: 'This page keeps no revision with that version',
  notThisPage: (slug: PageSlug, problem: string) => `This content is not the ${slug} page's: ${problem}`,
  programIdsRepeat: (id: string) => `Two programs have the id "${id}": each program needs its own`,
  pictureNotStored: "The page shows a picture that is not in the site's media library; choose one from the library",
  changedMeanwhile: (who: string, when: string, version: number) =>
    `This page was changed by someone else since you opened it: ${who} saved version ${version} at ${when}`,
  documentTooBig: (problem: string) => `A long text of the page ${problem}`,
  documentRefused: (problem: string) => `A long text of the page cannot be saved: ${problem}`,
  imageNotStored: "A long text of the page shows an image that is not in the site's store; upload it from the editor's Image button",
};
