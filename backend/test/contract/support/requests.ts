// The two body shapes the legacy client sends: multipart forms and JSON.
import type { Test } from 'supertest';
import type { Fixture } from './fixture.js';

export interface Upload {
  field: 'image' | 'images[]' | string;
  data: Buffer;
  filename: string;
  contentType?: string;
}

/** `authorization: null` sends no token; undefined sends a valid admin one. */
export function postForm(fx: Fixture, path: string, fields: Record<string, string>, files: Upload[] = [], authorization: string | null = fx.admin): Test {
  const req = fx.request.post(path);
  if (authorization !== null) req.set('Authorization', authorization);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  for (const file of files) req.attach(file.field, file.data, { filename: file.filename, contentType: file.contentType ?? 'image/jpeg' });
  return req;
}

/** A JSON body: a value is serialised, a string is sent as it is (for malformed JSON). */
export function postJson(fx: Fixture, path: string, body: unknown, authorization: string | null = fx.admin): Test {
  const req = fx.request.post(path).set('Content-Type', 'application/json');
  if (authorization !== null) req.set('Authorization', authorization);
  return req.send(typeof body === 'string' ? body : JSON.stringify(body));
}

export const image = (data: Buffer, filename = 'photo.jpg'): Upload => ({ field: 'image', data, filename });
export const images = (...files: [Buffer, string][]): Upload[] => files.map(([data, filename]) => ({ field: 'images[]', data, filename }));

/** A JSON body just over the 1 MB JSON limit. */
export const hugeJson = (field = 'id') => JSON.stringify({ [field]: 'x'.repeat(1024 * 1024 + 10) });

/** Today in Ranchi, where the organisation works (the server's notion of a missing date). */
export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
