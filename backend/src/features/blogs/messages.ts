export const blogMessages = {
  added: 'Blog post added successfully',
  updated: 'Blog post updated successfully',
  deleted: 'Blog post deleted successfully',
  notFound: 'Blog post not found',
};
