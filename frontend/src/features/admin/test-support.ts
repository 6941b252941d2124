// Helpers for the admin component tests (imported by *.test.tsx only, never by the app).
import { onTestFinished } from 'vitest';
import { File as NodeFile } from 'node:buffer';
import { missingHindi, pageView, type PageSlug } from '@ngo-site/shared';
import { pageSeed } from '@ngo-site/shared/page-seed';
import { json, serveApi } from '../../../test/api-fetch';
import { resetAdminPrograms } from './programs';
import { useSession } from '../../stores/session';
import { resetUploadTransport, setUploadTransport } from './upload';
import { useToasts } from './toasts';

type Handler = (request: Request) => Response | Promise<Response>;

/** A JWT-shaped token that expires in `expiresIn` seconds (negative: it already has). */
export function fakeJwt({ expiresIn = 3600 }: { expiresIn?: number } = {}): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + expiresIn;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'admin-id', role: 'admin', exp })}.signature`;
}

export function signInAsAdmin(token = fakeJwt()): string {
  useSession.getState().login(token, 'admin');
  return token;
}

// jsdom's FormData and File are not the ones Node's Request understands; the parts are copied
// into a FormData of Node's own (taken from a parsed body) so handlers can call request.formData().
async function toNodeFormData(form: FormData): Promise<FormData> {
  const nodeForm = await new Response(new URLSearchParams()).formData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') nodeForm.append(name, value);
    else nodeForm.append(name, new NodeFile([new Uint8Array(await value.arrayBuffer())], value.name, { type: value.type }) as unknown as Blob, value.name);
  }
  return nodeForm;
}

function byteSize(form: FormData): number {
  let total = 0;
  for (const [, value] of form.entries()) total += typeof value === 'string' ? value.length : value.size;
  return total;
}

/** A page as get_page.php?lang=both answers while nobody has edited it: its first content (the seed). */
export function seedPageEdit<S extends PageSlug>(slug: S, changes: { version?: number; draft?: unknown } = {}) {
  const content = structuredClone(pageSeed[slug]);
  return {
    slug,
    version: changes.version ?? 1,
    saved_by: null,
    saved_at: '2026-11-01T10:00:00.000Z',
    content,
    draft: changes.draft ?? null,
    missing_hindi: missingHindi(content),
  };
}

/** get_page.php from the seed, as the server answers before any edit: one language (public) or both. */
function seedPages(request: Request): Response {
  const query = new URL(request.url).searchParams;
  const slug = (query.get('slug') ?? '') as PageSlug;
  const lang = query.get('lang') ?? 'en';
  if (!Object.hasOwn(pageSeed, slug)) return json({ success: false, message: 'Unknown page' }, 400);
  if (lang === 'both') return json({ success: true, data: seedPageEdit(slug) });
  return json({ success: true, data: { slug, lang, version: 1, content: pageView(slug, pageSeed[slug], lang === 'hi' ? 'hi' : 'en') } });
}

/**
 * serveApi (test/api-fetch.ts) for the admin (get_page.php answers from the pages' first content
 * unless the test serves it; the category selects read the programs from it): the same handlers answer the client's fetch calls
 * and the multipart uploads, which go through the upload helper instead of fetch. Uploads report
 * progress at half and all of their bytes before the handler answers, as XMLHttpRequest would.
 */
export function serveAdminApi(handlers: Record<string, Handler>): { requests: Request[] } {
  const served = serveApi({
    'GET /api/get_page.php': seedPages,
    // The dashboard's next legal dates (features/admin/compliance): none due, nothing overdue.
    'GET /api/get_deadlines.php': () => json({ success: true, today: '2026-06-01', data: [] }),
    'GET /api/get_data_requests.php': () => json({ success: true, overdue: 0, data: [] }),
    ...handlers,
  });
  setUploadTransport(async ({ path, headers, body, onProgress }) => {
    const total = byteSize(body);
    onProgress({ loaded: Math.floor(total / 2), total });
    await new Promise((resolve) => setTimeout(resolve, 10));
    onProgress({ loaded: total, total });
    const request = new Request(new URL(path, 'http://localhost'), { method: 'POST', headers, body: await toNodeFormData(body) });
    served.requests.push(request.clone());
    const handler = handlers[`POST ${path}`];
    if (!handler) return { status: 404, text: JSON.stringify({ success: false, message: 'Not found' }) };
    const response = await handler(request);
    return { status: response.status, text: await response.text() };
  });
  onTestFinished(() => {
    resetAdminPrograms();
    resetUploadTransport();
    useToasts.getState().clear();
  });
  return served;
}

/** The fields of a recorded multipart request, files as "name (size bytes)". */
export async function formFields(request: Request): Promise<Record<string, string | string[]>> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of (await request.formData()).entries()) {
    const text = typeof value === 'string' ? value : `${value.name} (${value.size} bytes)`;
    const existing = fields[name];
    fields[name] = existing === undefined ? text : [...(Array.isArray(existing) ? existing : [existing]), text];
  }
  return fields;
}

export function requestTo(requests: Request[], path: string): Request | undefined {
  return requests.find((request) => new URL(request.url).pathname === path);
}
