// Small helpers for single requests to the backend under test.

export interface Fetched {
  status: number;
  headers: Headers;
  body: Buffer;
  ms: number;
}

export async function fetchBytes(url: string, init: RequestInit = {}): Promise<Fetched> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, ms: performance.now() - started };
}

/** Sends a multipart form as the admin area does; Buffers become files. */
export async function postForm(url: string, token: string, fields: Record<string, string | { file: Buffer; name: string; type: string }>): Promise<Fetched> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.file)], { type: value.type }), value.name);
  }
  return fetchBytes(url, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
}

export const json = <T>(fetched: Fetched): T => JSON.parse(fetched.body.toString('utf8')) as T;

/** Logs in through the real login operation, as the admin area does. */
export async function logIn(baseUrl: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) });
  const body = (await res.json()) as { token?: string; message?: string };
  if (res.status !== 200 || !body.token) throw new Error(`login answered ${res.status}: ${body.message ?? ''}`);
  return body.token;
}
