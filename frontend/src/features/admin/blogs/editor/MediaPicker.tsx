import { useState } from 'react';
import { imageVariantUrl } from '@ngo-site/shared';
import { AdminModal } from '../../AdminModal';
import { adminPageSize } from '../../api';
import { PanelStates } from '../../PanelStates';
import { useLoad } from '../../useLoad';
import { useSearchText } from '../../../listing/useSearchText';
import { SearchBox } from '../../ListControls';
import { fetchMedia, mediaLabel, type MediaImage } from '../../media/mediaApi';
import '../../media/MediaSection.css';

/**
 * The media library as a dialog of the post editor: searched as one types (alt text, caption,
 * file name), a page at a time; choosing a photo answers it to the Image panel.
 */
export function MediaPicker({ onPick, onClose }: { onPick: (image: MediaImage) => void; onClose: () => void }) {
  const [query, setQuery] = useState({ q: '', page: 1 });
  // The library is asked again once typing pauses, or at once on Enter (as the admin's lists are).
  const text = useSearchText('', (q) => setQuery({ q: q.trim(), page: 1 }));
  const [library, reload] = useLoad(() => fetchMedia(query), `${query.page}|${query.q}`);
  const pages = library.status === 'ready' ? Math.max(1, Math.ceil(library.data.total / adminPageSize)) : 1;
  const toPage = (page: number) => setQuery({ ...query, page });
  return (
    // React passes a portal's events up to the Image panel, the post's form and its dialog: Enter
    // here must neither insert nor save the post, nor Escape close more than this dialog, so both
    // stop here (Escape then closes it: the dialogs' own listeners no longer hear it). Tab goes on
    // to the dialog's focus trap.
    <div
      className="media-picker-keys"
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== 'Escape') return;
        event.stopPropagation();
        if (event.key === 'Escape') onClose();
      }}
    >
      <AdminModal open title="Choose from the media library" size="large" onClose={onClose}>
        <SearchBox label="Search the media library" placeholder="Alt text, caption or file name" text={text} />
        <PanelStates
          state={library}
          loading="Loading the media library..."
          onRetry={reload}
          empty={library.status === 'ready' && library.data.items.length === 0 && (query.q ? `No image matches “${query.q}”.` : 'No images stored yet.')}
        />
        {library.status === 'ready' && library.data.items.length > 0 && (
          <ul className="media-picker-grid" aria-label="Images in the media library">
            {library.data.items.map((image) => (
              <li key={image.id}>
                <button type="button" className="media-pick" aria-label={`Choose ${mediaLabel(image)}`} onClick={() => onPick(image)}>
                  <img src={imageVariantUrl(image.url, 320)} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />
                  <span aria-hidden="true">{mediaLabel(image)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav className="media-picker-pages" aria-label="Pages of the media library">
            <button type="button" className="btn btn-outline" disabled={query.page <= 1} onClick={() => toPage(query.page - 1)}>
              Previous
            </button>
            <span>
              Page {query.page} of {pages}
            </span>
            <button type="button" className="btn btn-outline" disabled={query.page >= pages} onClick={() => toPage(query.page + 1)}>
              Next
            </button>
          </nav>
        )}
      </AdminModal>
    </div>
  );
}
