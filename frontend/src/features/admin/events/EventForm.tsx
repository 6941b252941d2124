import { lazy, Suspense, useState } from 'react';
import { isEmptyDocument, storedImageUrl, type BlogDocument } from '@ngo-site/shared';
import { SelectField, TextAreaField, TextField } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { fromIndiaInput, toIndiaInput } from '../blogs/india-time';
import { MediaPicker } from '../blogs/editor/MediaPicker';
import { ImagePreview } from '../ImagePreview';
import { useAdminPrograms } from '../programs';
import { notify } from '../toasts';
import { saveEvent, type EventInput, type EventRecord } from './api';

const BodyEditor = lazy(() => import('../blogs/editor/BodyEditor'));

type Fields = {
  title: string;
  title_hi: string;
  kind: string;
  starts_at: string;
  ends_at: string;
  signup_deadline: string;
  venue: string;
  venue_hi: string;
  address: string;
  address_hi: string;
  map_url: string;
  capacity: string;
  seats_limit: string;
  program: string;
  status: string;
};

export const eventKinds = [
  { value: 'general', label: 'Event' },
  { value: 'health-camp', label: 'Health camp' },
  { value: 'blood-donation', label: 'Blood-donation camp (shows the self-check)' },
  { value: 'tree-planting', label: 'Tree-planting drive' },
  { value: 'training', label: 'Training' },
];

const emptyDocument: BlogDocument = { type: 'doc', content: [] };

/** The form's fields of a stored event (its times in India time, as the admin types them). */
function fieldsOf(event?: EventRecord): Fields {
  return {
    title: event?.title ?? '',
    title_hi: event?.title_hi ?? '',
    kind: event?.kind ?? 'general',
    starts_at: toIndiaInput(event?.starts_at),
    ends_at: toIndiaInput(event?.ends_at),
    signup_deadline: toIndiaInput(event?.signup_deadline),
    venue: event?.venue ?? '',
    venue_hi: event?.venue_hi ?? '',
    address: event?.address ?? '',
    address_hi: event?.address_hi ?? '',
    map_url: event?.map_url ?? '',
    capacity: event?.capacity ? String(event.capacity) : '',
    seats_limit: String(event?.seats_limit ?? 1),
    program: event?.program ?? '',
    status: event?.status === 'draft' ? 'draft' : 'published',
  };
}

/**
 * Adding or changing an event. Times are India time whatever the computer's zone; the
 * description is a document in the posts' editor, with its Hindi beside it. A cancelled event
 * keeps its status here (cancelling is its own button, since it mails everyone).
 */
export function EventForm({ event, onSaved, onCancel }: { event?: EventRecord; onSaved: (saved: EventRecord) => void; onCancel: () => void }) {
  const form = useForm<Fields>(fieldsOf(event));
  const programs = useAdminPrograms();
  const [description, setDescription] = useState<BlogDocument>(event?.description ?? emptyDocument);
  const [descriptionHi, setDescriptionHi] = useState<BlogDocument | null>(event?.description_hi ?? null);
  const [image, setImage] = useState<string | null>(event?.image ?? null);
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  async function save(fields: Fields) {
    setSaving(true);
    setError('');
    const body: EventInput = {
      title: fields.title.trim(),
      title_hi: fields.title_hi.trim(),
      kind: fields.kind as EventInput['kind'],
      starts_at: fromIndiaInput(fields.starts_at),
      ends_at: fromIndiaInput(fields.ends_at),
      signup_deadline: fields.signup_deadline ? fromIndiaInput(fields.signup_deadline) : null,
      venue: fields.venue.trim(),
      venue_hi: fields.venue_hi.trim(),
      address: fields.address.trim(),
      address_hi: fields.address_hi.trim(),
      map_url: fields.map_url.trim(),
      capacity: fields.capacity.trim() ? Number(fields.capacity) : null,
      seats_limit: Number(fields.seats_limit) || 1,
      program: fields.program,
      image,
      description,
      description_hi: descriptionHi && !isEmptyDocument(descriptionHi) ? descriptionHi : null,
      ...(event?.status !== 'cancelled' && { status: fields.status as 'draft' | 'published' }),
    };
    const outcome = await saveEvent(event ? { update: { ...body, id: event.id } } : { add: body });
    setSaving(false);
    if (!outcome.ok) return setError(outcome.message);
    notify.success(outcome.data.message);
    onSaved(outcome.data.event);
  }

  const programOptions = [{ value: '', label: 'None' }, ...(programs ?? []).map((program) => ({ value: program.id, label: program.label }))];
  return (
    <Form form={form} className="admin-form event-form" onSubmit={(fields) => void save(fields)}>
      <div className="form-grid two-columns">
        <TextField id="event-title" label="Title" markRequired required maxLength={200} {...form.field('title')} />
        <TextField
          id="event-title-hi"
          label="Title in Hindi"
          lang="hi"
          maxLength={200}
          hint="Empty: the Hindi page shows the English"
          {...form.field('title_hi')}
        />
        <SelectField id="event-kind" label="Kind" options={eventKinds} {...form.field('kind')} />
        <SelectField id="event-program" label="Program" options={programOptions} {...form.field('program')} />
        <TextField id="event-starts" label="Starts (India time)" markRequired required type="datetime-local" {...form.field('starts_at')} />
        <TextField id="event-ends" label="Ends (India time)" markRequired required type="datetime-local" {...form.field('ends_at')} />
        <TextField id="event-venue" label="Venue" markRequired required maxLength={200} {...form.field('venue')} />
        <TextField id="event-venue-hi" label="Venue in Hindi" lang="hi" maxLength={200} {...form.field('venue_hi')} />
        <TextAreaField id="event-address" label="Address" rows={2} maxLength={500} {...form.field('address')} />
        <TextAreaField id="event-address-hi" label="Address in Hindi" lang="hi" rows={2} maxLength={500} {...form.field('address_hi')} />
        <TextField id="event-map" label="Map link (https)" type="url" pattern="https://.*" maxLength={500} wide {...form.field('map_url')} />
        <TextField
          id="event-capacity"
          label="Places"
          type="number"
          min={1}
          max={100000}
          inputMode="numeric"
          hint="Empty: no limit. Beyond it, people join a waiting list."
          {...form.field('capacity')}
        />
        <TextField id="event-seats" label="Places one person may book" type="number" min={1} max={20} inputMode="numeric" {...form.field('seats_limit')} />
        <TextField
          id="event-deadline"
          label="Sign-up closes (India time)"
          type="datetime-local"
          hint="Empty: when the event starts"
          {...form.field('signup_deadline')}
        />
        {event?.status === 'cancelled' ? (
          <p className="muted">This event is cancelled.</p>
        ) : (
          <SelectField
            id="event-status"
            label="Status"
            options={[
              { value: 'published', label: 'Published: on the site, taking sign-ups' },
              { value: 'draft', label: 'Draft: in the admin only' },
            ]}
            {...form.field('status')}
          />
        )}
        <div className="field span-all event-picture" role="group" aria-labelledby="event-picture-label">
          <span className="field-label" id="event-picture-label">
            Picture
          </span>
          {image ? (
            <ImagePreview chosen={null} storedImageUrl={storedImageUrl(image)} storedAlt="The event's picture" />
          ) : (
            <p className="muted">None chosen.</p>
          )}
          <div className="page-picture-actions">
            <button type="button" className="btn btn-outline" onClick={() => setPicking(true)}>
              Choose <span className="visually-hidden">the event's picture</span> from the media library
            </button>
            {image && (
              <button type="button" className="btn btn-outline" onClick={() => setImage(null)}>
                Remove <span className="visually-hidden">the event's picture</span>
              </button>
            )}
          </div>
          {picking && (
            <MediaPicker
              onPick={(picked) => {
                setImage(picked.id);
                setPicking(false);
              }}
              onClose={() => setPicking(false)}
            />
          )}
        </div>
        <Suspense fallback={<div className="editor editor-loading span-all">Loading the editor…</div>}>
          <div className="field span-all">
            <span className="field-label">Description</span>
            <BodyEditor label="Description" initial={event?.description} onChange={setDescription} />
          </div>
          <div className="field span-all">
            <span className="field-label">Description in Hindi</span>
            <BodyEditor label="Description in Hindi" lang="hi" initial={event?.description_hi ?? undefined} onChange={setDescriptionHi} />
          </div>
        </Suspense>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : event ? 'Save the event' : 'Add the event'}
        </button>
      </div>
    </Form>
  );
}
