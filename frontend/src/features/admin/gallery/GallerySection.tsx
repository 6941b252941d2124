import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ApiImage } from '../../../components/ApiImage';
import { AdminModal } from '../AdminModal';
import type { GalleryItem } from '../../../api/types';
import { deleteGalleryItem, fetchAdminGallery } from '../api';
import { AdminIcon } from '../AdminIcon';
import { adminCategoryLabel } from '../../categories';
import { ConfirmDialog } from '../ConfirmDialog';
import { adminMessages } from '../messages';
import { notify } from '../toasts';
import { useFocusAfterDelete } from '../useFocusAfterDelete';
import { useLoad } from '../useLoad';
import { CropModal } from './CropModal';
import { GalleryItemForm } from './GalleryItemForm';
import { LoadFailed } from '../LoadFailed';

type GalleryDialog = { kind: 'upload' } | { kind: 'edit' | 'delete'; item: GalleryItem } | { kind: 'crop'; item: GalleryItem & { image_url: string } } | null;

interface GallerySectionProps {
  /** Open Upload Images on arrival (the dashboard's Quick Action). */
  startUploading?: boolean;
  onStarted?: () => void;
}

/** Manage Gallery: the images in a grid with preview-and-crop, edit and delete, and Upload Images. */
export function GallerySection({ startUploading = false, onStarted }: GallerySectionProps) {
  const [gallery, reload] = useLoad(fetchAdminGallery);
  const [dialog, setDialog] = useState<GalleryDialog>(null);
  const close = () => setDialog(null);
  const [headingRef, focusHeadingAfterDelete] = useFocusAfterDelete<HTMLHeadingElement>();
  const closeAndReload = () => {
    close();
    reload();
  };

  useEffect(() => {
    if (!startUploading) return;
    setDialog({ kind: 'upload' });
    onStarted?.();
  }, [startUploading, onStarted]);

  async function confirmDelete(item: GalleryItem) {
    const outcome = await deleteGalleryItem(item.id);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    notify.success(outcome.data);
    closeAndReload();
    focusHeadingAfterDelete();
  }

  return (
    <section className="admin-panel" aria-labelledby="gallery-title">
      <div className="panel-head">
        <h2 ref={headingRef} id="gallery-title" className="panel-title" tabIndex={-1}>
          Gallery images{gallery.status === 'ready' && <span className="panel-count">{gallery.data.length}</span>}
        </h2>
        <div className="panel-actions">
          <Link to="/admin/gallery" className="btn btn-outline">
            Add several images
          </Link>
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'upload' })}>
            <AdminIcon name="upload" />
            Upload Images
          </button>
        </div>
      </div>

      {gallery.status === 'loading' && <p className="panel-state">Loading gallery...</p>}
      {gallery.status === 'failed' && <LoadFailed message={gallery.message} onRetry={reload} />}
      {gallery.status === 'ready' && gallery.data.length === 0 && <p className="panel-state">No images in the gallery yet.</p>}
      {gallery.status === 'ready' && gallery.data.length > 0 && (
        <ul className="gallery-admin-grid">
          {gallery.data.map((item) => {
            const title = item.title || 'Untitled';
            const imageUrl = item.image_url;
            return (
              <li key={item.id} className="gallery-admin-card">
                <div className="gallery-admin-media">
                  {imageUrl ? (
                    <ApiImage imageUrl={imageUrl} alt={title} sizes="(min-width: 1100px) 280px, (min-width: 600px) 45vw, 100vw" />
                  ) : (
                    <div className="gallery-placeholder">
                      <AdminIcon name="gallery" size={40} label="No image" />
                    </div>
                  )}
                  <div className="gallery-admin-actions">
                    {imageUrl && (
                      <button type="button" className="icon-button" onClick={() => setDialog({ kind: 'crop', item: { ...item, image_url: imageUrl } })}>
                        <AdminIcon name="crop" label={`Preview and crop ${title}`} />
                      </button>
                    )}
                    <button type="button" className="icon-button" onClick={() => setDialog({ kind: 'edit', item })}>
                      <AdminIcon name="edit" label={`Edit ${title}`} />
                    </button>
                    <button type="button" className="icon-button icon-button-danger" onClick={() => setDialog({ kind: 'delete', item })}>
                      <AdminIcon name="trash" label={`Delete ${title}`} />
                    </button>
                  </div>
                </div>
                <div className="gallery-admin-body">
                  <h3>{title}</h3>
                  <span className="badge">{adminCategoryLabel(item.category)}</span>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {(dialog?.kind === 'upload' || dialog?.kind === 'edit') && (
        <AdminModal open title={dialog.kind === 'upload' ? 'Upload Images' : 'Edit Image'} onClose={close}>
          <GalleryItemForm item={dialog.kind === 'edit' ? dialog.item : undefined} onSaved={closeAndReload} onCancel={close} />
        </AdminModal>
      )}
      {dialog?.kind === 'crop' && <CropModal item={dialog.item} onClose={close} onApplied={closeAndReload} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={adminMessages.galleryDeleteConfirm}
          subject={dialog.item.title || 'Untitled'}
          confirmLabel="Delete"
          onConfirm={() => confirmDelete(dialog.item)}
          onCancel={close}
        />
      )}
    </section>
  );
}
