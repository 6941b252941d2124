export const blogMessages = {
  added: 'Blog post added successfully',
  updated: 'Blog post updated successfully',
  deleted: 'Blog post deleted successfully',
  notFound: 'Blog post not found',
  revisionNotFound: 'This post keeps no revision with that version',
  restored: (version: number) => `Version ${version} was restored as the post's newest version`,
  autosaved: 'Draft saved',
  autosaveDiscarded: 'The unsaved changes were discarded',
  changedMeanwhile: (who: string, when: string, version: number) =>
    `This post was changed by someone else since you opened it: ${who} saved version ${version} at ${when}`,
  documentNotJson: "The post's text could not be read: it must be a document written as JSON",
  documentTooBig: (problem: string) => `The post's text ${problem}`,
  documentRefused: (problem: string) => `The post's text cannot be saved: ${problem}`,
  publishAtNotDate: 'Publish at must be a date and time that exists, such as 2026-12-01T09:30:00+05:30',
  imageNotStored: "The post shows an image that is not in the site's store; upload it from the editor's Image button",
};
