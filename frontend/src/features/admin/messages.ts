/** Every sentence the admin area shows that the product spec fixes, word for word, in one place. */
export const adminMessages = {
  noConnection: 'Error connecting to server',

  blogsLoading: 'Loading blogs...',
  blogsEmpty: 'No blogs found',
  blogsLoadFailed: 'Failed to load blogs',
  blogSaveFailed: 'Failed to save blog',
  blogSaved: 'Blog saved',
  blogDeleteFailed: 'Failed to delete blog',
  blogDeleted: 'Blog deleted',
  blogDeleteConfirm: 'Delete this blog?',

  galleryLoadFailed: 'Failed to fetch gallery items',
  galleryUploadRequired: 'Please fill all required fields and select an image',
  galleryEditRequired: 'Please fill all required fields',
  galleryAdded: 'Image added successfully!',
  galleryUpdated: 'Image updated successfully!',
  galleryDeleted: 'Image deleted successfully!',
  galleryUploadFailed: 'Upload failed',
  galleryUpdateFailed: 'Update failed',
  galleryDeleteFailed: 'Delete failed',
  galleryDeleteConfirm: 'Are you sure you want to delete this image?',
  cropFailed: 'Failed to crop image',

  multiRequired: 'Title, category, and at least one image are required',
  multiAdded: 'Images added successfully!',
  multiFailed: 'Error adding images.',

  uploading: 'Uploading...',
  updating: 'Updating...',

  tooLarge: 'This image is larger than the upload limit.',
  notAnImage: 'This file is not a supported image.',

  volunteersLoadFailed: 'Failed to load volunteer registrations',
  auditLogLoadFailed: 'Failed to load the data log',
  statsLoadFailed: 'Failed to load the dashboard figures',
  volunteerDeleteFailed: 'Failed to delete the registration',

  messagesLoading: 'Loading messages...',
  messagesEmpty: 'No messages yet.',
  messagesLoadFailed: 'Failed to load messages',
  messageUpdateFailed: 'Failed to update the message',
  messageDeleteFailed: 'Failed to delete the message',

  // --- issue 12: page views ---
  analyticsLoading: 'Loading page views...',
  analyticsLoadFailed: 'Failed to load the page views',
  // --- end issue 12: page views ---
} as const;
