// Requests supertest cannot make: bodies sent in chunks without a length, cut-off uploads,
// and bodies that pause while something else happens (the database stopping mid-upload).
import { request as httpRequest } from 'node:http';
import type { Response } from 'supertest';

/** A piece of the body, or something to wait for before sending the rest. */
export type BodyStep = string | Buffer | (() => Promise<void>);

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  chunks: BodyStep[];
}

/** Sends the body step by step and reads the answer in the shape the case checks expect. */
export function rawRequest(baseUrl: string, { method = 'POST', path, headers = {}, chunks }: RawRequest): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseUrl), { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        let body: unknown = {};
        if (/json/.test(res.headers['content-type'] ?? '')) body = JSON.parse(text);
        resolve({ status: res.statusCode, headers: res.headers, text, body } as unknown as Response);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    (async () => {
      for (const step of chunks) {
        if (typeof step === 'function') await step();
        else req.write(step);
      }
      req.end();
    })().catch(reject);
  });
}

/** A multipart body by hand, for requests that must be cut or paused. */
export function multipartBody(boundary: string, fields: Record<string, string>, files: { field: string; filename: string; data: Buffer }[]) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
