/**
 * Every sentence of its own that the admin area shows where the product spec fixes it, word for
 * word, in one place. The server's sentences ("Image added successfully!", "Blog post deleted
 * successfully") are not copied here: the admin is shown the `message` of the answer.
 */
export const adminMessages = {
  blogsLoading: 'Loading blogs...',
  blogsEmpty: 'No blogs found',
  blogsLoadFailed: 'Failed to load blogs',
  previewFailed: 'The preview could not be opened. Please try again.',
  blogSaveFailed: 'Failed to save blog',
  blogDeleteFailed: 'Failed to delete blog',
  blogDeleteConfirm: 'Delete this blog?',

  galleryLoadFailed: 'Failed to fetch gallery items',
  galleryUploadRequired: 'Please fill all required fields and select an image',
  galleryEditRequired: 'Please fill all required fields',
  galleryUploadFailed: 'Upload failed',
  galleryUpdateFailed: 'Update failed',
  galleryDeleteFailed: 'Delete failed',
  galleryDeleteConfirm: 'Are you sure you want to delete this image?',
  cropFailed: 'Failed to crop image',

  multiRequired: 'Title, category, and at least one image are required',
  multiFailed: 'Error adding images.',

  uploading: 'Uploading...',
  updating: 'Updating...',

  tooLarge: 'This image is larger than the upload limit.',
  notAnImage: 'This file is not a supported image.',

  volunteersLoadFailed: 'Failed to load volunteer registrations',
  volunteersExportFailed: 'Failed to download the registrations',
  auditLogLoadFailed: 'Failed to load the data log',
  statsLoadFailed: 'Failed to load the dashboard figures',
  volunteerDeleteFailed: 'Failed to delete the registration',

  messagesLoading: 'Loading messages...',
  messagesEmpty: 'No messages yet.',
  messagesLoadFailed: 'Failed to load messages',
  messageUpdateFailed: 'Failed to update the message',
  messageDeleteFailed: 'Failed to delete the message',

  analyticsLoading: 'Loading page views...',
  analyticsLoadFailed: 'Failed to load the page views',
} as const;
