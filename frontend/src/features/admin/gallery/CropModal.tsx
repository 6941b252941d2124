import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { AdminModal } from '../AdminModal';
import type { GalleryItem } from '../../../api/types';
import { adminMessages } from '../messages';
import { UploadProgressBar } from '../UploadProgressBar';
import { announceSave, useUpload } from '../useUpload';
import { useObjectUrl } from '../useObjectUrls';
import { downloadBlob } from '../download';
import { cropToJpeg, croppedFileName } from './cropImage';
import './CropModal.css';

/** The spec's crop constants: a 4:3 area, zoom from 1 to 3 in steps of 0.1. */
export const cropSettings = { aspect: 4 / 3, minZoom: 1, maxZoom: 3, zoomStep: 0.1 } as const;

interface CropModalProps {
  item: GalleryItem & { image_url: string };
  onClose: () => void;
  /** After "Apply to image" replaced the item's image. */
  onApplied: () => void;
}

/**
 * Preview and Crop. Crop & Save downloads the crop as cropped-image.jpg and shows it as the
 * Cropped Preview (nothing is uploaded, as in the spec); Apply to image (beyond the spec)
 * uploads the crop as the item's new image.
 */
export function CropModal({ item, onClose, onApplied }: CropModalProps) {
  const zoomId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(cropSettings.minZoom);
  const [area, setArea] = useState<Area | null>(null);
  const [cropped, setCropped] = useState<Blob | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'cropping' | 'applying' | null>(null);
  const { progress, send } = useUpload();
  const previewUrl = useObjectUrl(cropped);
  const previewRef = useRef<HTMLElement>(null);
  const imageRef = useRef<RefObject<HTMLImageElement> | null>(null);
  useEffect(() => {
    if (previewUrl) previewRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [previewUrl]);

  async function makeCrop(): Promise<Blob | null> {
    setError('');
    try {
      if (!area) throw new Error('The crop area is not ready');
      const blob = await cropToJpeg(imageRef.current?.current, area);
      setCropped(blob);
      return blob;
    } catch (cause) {
      console.warn('Crop failed', cause);
      setError(adminMessages.cropFailed);
      return null;
    }
  }

  async function cropAndSave() {
    setBusy('cropping');
    const blob = await makeCrop();
    setBusy(null);
    if (blob) downloadBlob(blob, croppedFileName);
  }

  async function applyToImage() {
    setBusy('applying');
    const blob = await makeCrop();
    if (!blob) {
      setBusy(null);
      return;
    }
    const image = new File([blob], croppedFileName, { type: 'image/jpeg' });
    const fields = { id: item.id, title: item.title, category: item.category, caption: item.caption, image };
    const outcome = await send('/api/update_gallery_image.php', fields, adminMessages.galleryUpdateFailed);
    setBusy(null);
    if (announceSave(outcome)) onApplied();
  }

  return (
    <AdminModal
      open
      title="Preview and Crop"
      size="large"
      onClose={() => busy !== 'applying' && onClose()}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy === 'applying'}>
            Cancel
          </button>
          <button type="button" className="btn btn-outline" onClick={() => void applyToImage()} disabled={busy !== null}>
            {busy === 'applying' ? adminMessages.updating : 'Apply to image'}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void cropAndSave()} disabled={busy !== null}>
            Crop &amp; Save
          </button>
        </>
      }
    >
      <p className="crop-subject">{item.title || 'Untitled'}</p>
      <div className="crop-area">
        <Cropper
          image={item.image_url}
          crop={crop}
          zoom={zoom}
          minZoom={cropSettings.minZoom}
          maxZoom={cropSettings.maxZoom}
          aspect={cropSettings.aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          setImageRef={(ref) => (imageRef.current = ref)}
          disableAutomaticStylesInjection
          cropperProps={{ role: 'group', 'aria-label': 'Crop area: drag or use the arrow keys to move the image' }}
          mediaProps={{ alt: item.title || 'Image to crop' }}
        />
      </div>
      <div className="zoom-control">
        <label htmlFor={zoomId}>Zoom</label>
        <input
          id={zoomId}
          type="range"
          min={cropSettings.minZoom}
          max={cropSettings.maxZoom}
          step={cropSettings.zoomStep}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
        <output htmlFor={zoomId}>{zoom.toFixed(1)}×</output>
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
      <UploadProgressBar progress={progress} />
      {previewUrl && (
        <figure ref={previewRef} className="cropped-preview">
          <h3>Cropped Preview</h3>
          <img src={previewUrl} alt={`Cropped ${item.title || 'image'}`} />
        </figure>
      )}
    </AdminModal>
  );
}
