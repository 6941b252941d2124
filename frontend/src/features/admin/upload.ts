// Multipart uploads (blog and gallery saves) with real progress: fetch() reports nothing while a
// body is sent, XMLHttpRequest does. Typed from the same schema as the API client, with the same
// token, and like its middleware it ends the session on a 401.
import type { components, paths } from '@ngo-site/shared/contract';
import { isRetryableStatus, newIdempotencyKey, withRetries } from '../../api/retry';
import { apiMessages } from '../../api/messages';
import { useSession } from '../../stores/session';
import type { Outcome } from './api';
import { adminMessages } from './messages';

/** The operations that take multipart/form-data (files). */
export type UploadPath =
  | '/api/add_blog.php'
  | '/api/update_blog.php'
  | '/api/add_gallery_image.php'
  | '/api/update_gallery_image.php'
  | '/api/upload_media.php'
  | '/api/import_form10be.php'
  | '/api/add_document.php';

type ContractFields<P extends UploadPath> = paths[P]['post']['requestBody']['content']['multipart/form-data'];
/** The contract's fields of `P`; files travel as Blobs, and a list field (images[]) as several. */
export type UploadFields<P extends UploadPath> = {
  [K in keyof ContractFields<P>]?: NonNullable<ContractFields<P>[K]> extends unknown[] ? Blob[] : string | Blob;
};

type Responses<P extends UploadPath> = paths[P]['post']['responses'];
type JsonBody<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON of a successful answer (200 or 201) of `P`. */
export type SavedAnswer<P extends UploadPath> = JsonBody<Responses<P>[Extract<keyof Responses<P>, 200 | 201>]>;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest {
  path: UploadPath;
  headers: Headers;
  body: FormData;
  onProgress: (progress: UploadProgress) => void;
}

export interface UploadAnswer {
  status: number;
  text: string;
}

/** How a request is sent: XMLHttpRequest in the browser; component tests hand in their own. */
export type UploadTransport = (request: UploadRequest) => Promise<UploadAnswer>;

const xhrTransport: UploadTransport = ({ path, headers, body, onProgress }) =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    headers.forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => resolve({ status: request.status, text: request.responseText }));
    request.addEventListener('error', () => reject(new TypeError('The upload could not reach the server')));
    request.addEventListener('abort', () => reject(new TypeError('The upload was aborted')));
    request.send(body);
  });

let transport: UploadTransport = xhrTransport;

/** Component tests answer uploads themselves (see test-support.ts); nothing else should. */
export function setUploadTransport(replacement: UploadTransport): void {
  transport = replacement;
}

export function resetUploadTransport(): void {
  transport = xhrTransport;
}

/** Fields whose empty value says something: a post's publish_at sent empty clears it. */
const clearedWhenEmpty = new Set(['publish_at']);

/** Empty fields are not sent (spec section 5, blog form); a list field becomes repeated parts. */
export function toFormData(fields: Record<string, string | Blob | Blob[] | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || (value === '' && !clearedWhenEmpty.has(name))) continue;
    if (Array.isArray(value)) value.forEach((file) => form.append(name, file));
    else form.append(name, value);
  }
  return form;
}

function parseJson(text: string): { message?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * One sentence for a refused upload: the server's message when it sent one, and for a refusal
 * by size (413) or type (415) without one — a proxy's page, say — a sentence the admin can act on.
 */
export function describeUploadFailure(status: number, body: { message?: unknown } | null, fallback: string): string {
  const serverMessage = typeof body?.message === 'string' ? body.message : '';
  if (serverMessage) return serverMessage;
  if (status === 413) return adminMessages.tooLarge;
  if (status === 415) return adminMessages.notAnImage;
  return body ? fallback : apiMessages.noConnection;
}

/**
 * Sends `fields` to `path` as multipart/form-data, reporting the bytes sent. Never throws: a
 * failure comes back as the sentence to show, with `fallback` when the server gave none.
 */
export async function uploadForm<P extends UploadPath>(
  path: P,
  fields: UploadFields<P>,
  { fallback, onProgress = () => {} }: { fallback: string; onProgress?: (progress: UploadProgress) => void },
): Promise<Outcome<SavedAnswer<P>> & { conflict?: PostVersion }> {
  const { token } = useSession.getState();
  // One key for the whole save, so a retry after a lost answer is not saved twice.
  const headers = new Headers({ Accept: 'application/json', 'Idempotency-Key': newIdempotencyKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = toFormData(fields);
  let answer: UploadAnswer;
  try {
    answer = await withRetries(
      () => transport({ path, headers, body, onProgress }),
      // A 409 is a write still at work, unless it names the post's `current` version: someone
      // else saved meanwhile, which a retry would only be told again.
      (sent) => isRetryableStatus(sent.status, !(sent.status === 409 && versionConflictOf(parseJson(sent.text)))),
    );
  } catch {
    return { ok: false, message: apiMessages.noConnection };
  }
  // A 401 on a call that carried a token means the token expired or was revoked.
  if (answer.status === 401 && token) useSession.getState().logout();
  const json = parseJson(answer.text);
  if (answer.status >= 200 && answer.status < 300 && json && (json as { success?: unknown }).success === true) {
    return { ok: true, data: json as SavedAnswer<P> };
  }
  const conflict = answer.status === 409 ? versionConflictOf(json) : undefined;
  return { ok: false, message: describeUploadFailure(answer.status, json, fallback), ...(conflict ? { conflict } : {}) };
}

/** Which version a post is at, who saved it and when: what a save refused with 409 names. */
export type PostVersion = components['schemas']['PostVersion'];

/** The `current` of a version conflict's answer (openapi.yaml's VersionConflict), if it is one. */
export function versionConflictOf(json: { message?: unknown } | null): PostVersion | undefined {
  const current = (json as { current?: PostVersion } | null)?.current;
  return current && typeof current.version === 'number' ? current : undefined;
}
