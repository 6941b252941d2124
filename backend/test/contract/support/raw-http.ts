// Requests supertest cannot make: bodies sent in chunks without a length, cut-off uploads.
import { request as httpRequest } from 'node:http';
import type { Response } from 'supertest';

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  chunks: (string | Buffer)[];
}

/** Sends the chunks as they are and reads the answer in the shape the case checks expect. */
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
    // The server may answer (413) before everything is sent; the answer is what counts.
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}
