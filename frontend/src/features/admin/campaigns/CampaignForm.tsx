import { useState } from 'react';
import type { BlogDocument } from '@ngo-site/shared';
import { SelectField, TextField } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { BodyField } from '../blogs/BodyField';
import { CategoryField } from '../CategoryField';
import { FormActions } from '../FormActions';
import { MediaPictureField } from '../MediaPictureField';
import { notify } from '../toasts';
import { saveCampaign, type Campaign } from './api';

const statusOptions = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];
type Fields = { title: string; title_hi: string; goal: string; starts_on: string; ends_on: string; program: string; status: string };

/** A campaign's add and edit form: its texts in both languages, the goal, the days, the program and the picture. */
export function CampaignForm({ campaign, onSaved, onCancel }: { campaign?: Campaign; onSaved: () => void; onCancel: () => void }) {
  const form = useForm<Fields>({
    title: campaign?.title ?? '',
    title_hi: campaign?.title_hi ?? '',
    goal: campaign ? String(campaign.goal) : '',
    starts_on: campaign?.starts_on ?? '',
    ends_on: campaign?.ends_on ?? '',
    program: campaign?.program ?? '',
    status: campaign?.status ?? 'published',
  });
  const [picture, setPicture] = useState<string | null>(campaign?.picture ?? null);
  const [stories, setStories] = useState<{ story?: BlogDocument; story_hi?: BlogDocument }>({});
  const [saving, setSaving] = useState(false);

  async function save(fields: Fields) {
    setSaving(true);
    const outcome = await saveCampaign(
      {
        title: fields.title.trim(),
        title_hi: fields.title_hi.trim(),
        goal: Number(fields.goal),
        starts_on: fields.starts_on,
        ends_on: fields.ends_on,
        program: fields.program,
        status: fields.status as Campaign['status'],
        picture,
        ...(stories.story && { story: stories.story }),
        ...(stories.story_hi && { story_hi: stories.story_hi.content.length ? stories.story_hi : null }),
      },
      campaign?.id,
    );
    setSaving(false);
    if (!outcome.ok) return notify.error(outcome.message);
    notify.success(outcome.data);
    onSaved();
  }

  return (
    <Form form={form} className="admin-form" onSubmit={save}>
      <div className="form-grid two-columns">
        <TextField id="campaign-title" label="Title" wide required maxLength={200} {...form.field('title')} />
        <TextField id="campaign-goal" label="Goal (₹)" type="number" min={1} required {...form.field('goal')} />
        <CategoryField id="campaign-program" label="Program" required {...form.field('program')} />
        <TextField id="campaign-starts" label="First day" type="date" required {...form.field('starts_on')} />
        <TextField
          id="campaign-ends"
          label="Last day"
          type="date"
          required
          hint="Gifts are taken until the end of this day, India time."
          {...form.field('ends_on')}
        />
        <SelectField id="campaign-status" label="Status" options={statusOptions} hint="A draft is seen only here, in the admin." {...form.field('status')} />
        <MediaPictureField
          id="campaign-picture"
          label="picture of the campaign"
          shortLabel="Picture"
          value={picture}
          emptyText="None chosen: the campaign shows no picture."
          onChange={setPicture}
        />
        <BodyField label="Story" initial={campaign?.story} onChange={(story) => setStories((now) => ({ ...now, story }))} />
        <fieldset className="span-all admin-fieldset">
          <legend>Hindi version (optional)</legend>
          <div className="form-grid">
            <TextField id="campaign-title-hi" label="Hindi title" lang="hi" maxLength={200} {...form.field('title_hi')} />
            <BodyField
              label="Hindi story"
              lang="hi"
              initial={campaign?.story_hi ?? undefined}
              onChange={(story_hi) => setStories((now) => ({ ...now, story_hi }))}
            />
          </div>
        </fieldset>
      </div>
      <FormActions onCancel={onCancel} saving={saving} progress={null} savingLabel="Saving..." submitLabel={campaign ? 'Update campaign' : 'Add campaign'} />
    </Form>
  );
}
