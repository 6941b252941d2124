import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { AdminIcon } from '../AdminIcon';
import { formatBytes } from '@ngo-site/shared';
import { apiMessages } from '../../../api/messages';
import { adminMessages } from '../messages';
import { AdminShell } from '../shell/AdminShell';
import { notify } from '../toasts';
import { UploadProgressBar } from '../UploadProgressBar';
import { useUpload } from '../useUpload';
import { useObjectUrls } from '../useObjectUrls';
import { CaptionField, HindiFields, TitleAndCategoryFields, useGalleryFields } from './galleryFields';
import './MultiUploadPage.css';

/**
 * /admin/gallery: several images at once, sharing a title, category and caption. The server
 * saves all of them or none.
 */
export function MultiUploadPage() {
  const fields = useGalleryFields();
  const { fieldId, error, setError } = fields;
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const { saving, progress, send } = useUpload();
  const thumbnails = useObjectUrls(files);

  function reset() {
    fields.form.reset();
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function save() {
    const sent = fields.values();
    if (!sent.title || !sent.category || files.length === 0) {
      setError(adminMessages.multiRequired);
      return;
    }
    setError('');
    const outcome = await send('/api/add_gallery_image.php', { ...sent, 'images[]': files }, '');
    if (outcome.ok) {
      // The server's sentence: Images added successfully! (Image added successfully! for one file)
      notify.success(outcome.data.message);
      reset();
      return;
    }
    // The spec's two failures; the server's reason (a file too large, not an image) follows.
    setError(outcome.message === apiMessages.noConnection ? apiMessages.noConnection : [adminMessages.multiFailed, outcome.message].filter(Boolean).join(' '));
  }

  return (
    <AdminShell current="gallery" title="Add Gallery Images">
      <div className="admin-form-page">
        <Link to="/admin/dashboard" search={{ section: 'gallery' }} className="back-link">
          <AdminIcon name="back" size={18} />
          Back to Dashboard
        </Link>
        <Form form={fields.form} className="admin-panel admin-form" onSubmit={save} onInput={() => setError('')} noValidate>
          <div className="form-grid two-columns">
            <TitleAndCategoryFields fields={fields} />
            <CaptionField fields={fields} wide />
            <HindiFields fields={fields} wide />
            <Field id={fieldId('images')} label="Images" required wide>
              <input
                ref={fileInput}
                id={fieldId('images')}
                className="input input-file"
                type="file"
                accept="image/*"
                multiple
                required
                onChange={(e) => setFiles([...(e.target.files ?? [])])}
              />
            </Field>
          </div>

          {files.length > 0 && (
            <div className="selected-files">
              <h2 id={fieldId('selected')} className="selected-files-title">
                {files.length === 1 ? '1 image selected' : `${files.length} images selected`}
              </h2>
              <ul className="file-list" aria-labelledby={fieldId('selected')}>
                {files.map((file, index) => (
                  <li key={`${file.name}-${file.size}-${file.lastModified}`} className="file-item">
                    {thumbnails[index] ? <img src={thumbnails[index]} alt="" loading="lazy" decoding="async" /> : <span className="file-thumb" />}
                    <span className="file-name">{file.name}</span>
                    <span className="file-size">{formatBytes(file.size)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}

          <p className="form-error" role="alert">
            {error}
          </p>
          <UploadProgressBar progress={progress} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
              <AdminIcon name="upload" />
              {saving ? adminMessages.uploading : 'Upload Images'}
            </button>
          </div>
        </Form>
      </div>
    </AdminShell>
  );
}
