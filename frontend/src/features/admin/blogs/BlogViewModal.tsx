import { ApiImage } from '../../../components/ApiImage';
import { AdminModal } from '../AdminModal';
import type { Blog } from '../../../api/types';
import { describePost } from '../../blog/display';
import { AdminIcon } from '../AdminIcon';
import { useCategoryLabel } from '../programs';
import './BlogViewModal.css';

/** The read-only view of a post: title, author, date, category, the image if any, and the content. */
export function BlogViewModal({ post, onClose }: { post: Blog; onClose: () => void }) {
  const shown = describePost(post);
  const adminCategoryLabel = useCategoryLabel();
  return (
    <AdminModal open title={shown.title} size="large" onClose={onClose}>
      <dl className="post-facts">
        <div>
          <dt>Author</dt>
          <dd>{shown.author}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{shown.date}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{post.category ? adminCategoryLabel(post.category) : shown.category}</dd>
        </div>
      </dl>
      {post.image_url ? (
        <ApiImage className="post-view-image" imageUrl={post.image_url} alt={shown.title} sizes="(min-width: 900px) 800px, 100vw" />
      ) : (
        <p className="muted with-icon">
          <AdminIcon name="gallery" size={18} /> No image
        </p>
      )}
      {post.excerpt && <p className="post-view-excerpt">{post.excerpt}</p>}
      <div className="post-view-content">{post.content || 'No content'}</div>
    </AdminModal>
  );
}
