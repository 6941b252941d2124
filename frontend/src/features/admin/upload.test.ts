import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api-fetch';
import { useSession } from '../../stores/session';
import { describeUploadFailure, toFormData, uploadForm } from './upload';
import { requestTo, serveAdminApi, signInAsAdmin } from './test-support';

describe('the upload helper', () => {
  it('sends no empty field, and a list field as repeated parts', () => {
    const one = new Blob(['1']);
    const two = new Blob(['2']);
    const form = toFormData({ title: 'Camp', caption: '', category: undefined, 'images[]': [one, two] });
    expect([...form.keys()]).toEqual(['title', 'images[]', 'images[]']);
  });

  it.each([
    [413, { message: 'camp.jpg is too large. Each image must be at most 10 MB' }, 'camp.jpg is too large. Each image must be at most 10 MB'],
    [413, null, 'This image is larger than the upload limit.'],
    [415, { message: '' }, 'This file is not a supported image.'],
    [400, { message: '' }, 'Upload failed'],
    [502, null, 'Error connecting to server'],
  ])('describes a %i refusal', (status, body, text) => {
    expect(describeUploadFailure(status, body, 'Upload failed')).toBe(text);
  });

  it('sends the Bearer token and gives back the saved answer', async () => {
    const token = signInAsAdmin();
    const { requests } = serveAdminApi({
      'POST /api/add_gallery_image.php': () => json({ success: true, message: 'Saved', data: [] }, 201),
    });
    const progress: number[] = [];
    const outcome = await uploadForm(
      '/api/add_gallery_image.php',
      { title: 'Camp', category: 'health', image: new Blob(['jpeg']) },
      { fallback: 'Upload failed', onProgress: ({ loaded, total }) => progress.push(loaded / total) },
    );
    expect(outcome).toEqual({ ok: true, data: { success: true, message: 'Saved', data: [] } });
    expect(requestTo(requests, '/api/add_gallery_image.php')!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(progress.at(-1)).toBe(1);
  });

  it('ends the session on a 401', async () => {
    signInAsAdmin();
    serveAdminApi({ 'POST /api/update_blog.php': () => json({ success: false, message: 'Your session has expired' }, 401) });
    const outcome = await uploadForm('/api/update_blog.php', { id: '65f1c0ffee0000000000ab01' }, { fallback: 'Failed to save blog' });
    expect(outcome).toEqual({ ok: false, message: 'Your session has expired' });
    expect(useSession.getState().token).toBeNull();
  });
});
