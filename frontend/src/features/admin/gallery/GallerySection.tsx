import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ApiImage } from '../../../components/ApiImage';
import { AdminModal } from '../AdminModal';
import type { GalleryItem } from '../../../api/types';
import { deleteGalleryItem, fetchAdminGallery } from '../api';
import { AdminIcon, IconButton } from '../AdminIcon';
import { useCategoryLabel } from '../programs';
import { ConfirmDialog } from '../ConfirmDialog';
import { adminMessages } from '../messages';
import { useListDelete } from '../useListDelete';
import { useOpenOnArrival } from '../useOpenOnArrival';
import { ListPages, ListSearchBox, useAdminList } from '../ListControls';
import { CropModal } from './CropModal';
import { GalleryItemForm } from './GalleryItemForm';
import { PanelStates } from '../PanelStates';
import './GallerySection.css';
import { AdminPanel } from '../AdminPanel';

type GalleryDialog = { kind: 'upload' } | { kind: 'edit' | 'delete'; item: GalleryItem } | { kind: 'crop'; item: GalleryItem & { image_url: string } } | null;
const uploading: GalleryDialog = { kind: 'upload' };

interface GallerySectionProps {
  /** Open Upload Images on arrival (the dashboard's Quick Action). */
  startUploading?: boolean;
  onStarted?: () => void;
}

/** Manage Gallery: the images in a grid, a page at a time, with preview-and-crop, edit and delete, and Upload Images. */
export function GallerySection({ startUploading = false, onStarted }: GallerySectionProps) {
  const adminCategoryLabel = useCategoryLabel();
  const [gallery, reload, search] = useAdminList(fetchAdminGallery);
  const [dialog, setDialog] = useState<GalleryDialog>(null);
  const close = () => setDialog(null);
  const [headingRef, confirmDelete] = useListDelete(close, reload);
  const closeAndReload = () => {
    close();
    reload();
  };

  useOpenOnArrival(startUploading, setDialog, uploading, onStarted);

  return (
    <AdminPanel
      id="gallery"
      title="Gallery images"
      count={gallery.status === 'ready' ? gallery.data.total : undefined}
      headingRef={headingRef}
      actions={
        <div className="panel-actions">
          <Link to="/admin/gallery" className="btn btn-outline">
            Add several images
          </Link>
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'upload' })}>
            <AdminIcon name="upload" />
            Upload Images
          </button>
        </div>
      }
    >
      <ListSearchBox label="Search images" placeholder="Title or caption" />

      <PanelStates
        state={gallery}
        loading="Loading gallery..."
        onRetry={reload}
        empty={
          gallery.status === 'ready' && gallery.data.items.length === 0 && (search.q ? `No image matches “${search.q}”.` : 'No images in the gallery yet.')
        }
      />
      {gallery.status === 'ready' && gallery.data.items.length > 0 && (
        <ul className="gallery-admin-grid">
          {gallery.data.items.map((item) => {
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
                      <IconButton
                        icon="crop"
                        label={`Preview and crop ${title}`}
                        onClick={() => setDialog({ kind: 'crop', item: { ...item, image_url: imageUrl } })}
                      />
                    )}
                    <IconButton icon="edit" label={`Edit ${title}`} onClick={() => setDialog({ kind: 'edit', item })} />
                    <IconButton icon="trash" label={`Delete ${title}`} danger onClick={() => setDialog({ kind: 'delete', item })} />
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
      {gallery.status === 'ready' && <ListPages total={gallery.data.total} label="Pages of images" />}

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
          onConfirm={() => confirmDelete(deleteGalleryItem(dialog.item.id))}
          onCancel={close}
        />
      )}
    </AdminPanel>
  );
}
