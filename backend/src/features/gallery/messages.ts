export const galleryMessages = {
  addedOne: 'Image added successfully!',
  addedMany: 'Images added successfully!',
  updated: 'Image updated successfully!',
  deleted: 'Image deleted successfully!',
  notFound: 'Gallery item not found',
};
