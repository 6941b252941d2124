// The transparency page's documents: annual reports, audited accounts, the FC accounts (FCRA
// Rule 13), registrations. Each is a PDF, checked by its bytes, kept in GridFS under its
// document's id, and served with a long cache lifetime (an id never changes content) and a name.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mongoose, { Types } from 'mongoose';
import type { Schemas } from '../../contract.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { complianceMessages } from './messages.js';
import type { PublicDocument } from './model.js';

const bucketName = 'document_files';
const kindOrder: Schemas['DocumentKind'][] = ['annual-report', 'audited-accounts', 'fc-accounts', 'registration', 'other'];

/** A PDF by its bytes: the header at the start, the end-of-file mark near the end. */
export function isPdfFile(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.subarray(-1024).toString('latin1').includes('%%EOF');
}

/** `annual-report-2025-26.pdf`: the title's letters and digits, with the year when the title lacks it. */
export function downloadName(document: Pick<PublicDocument, 'title' | 'kind' | 'fy'>): string {
  const words = document.title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const name = words || document.kind;
  return `${name.includes(document.fy) ? name : `${name}-${document.fy}`}.pdf`;
}

export const documentUrl = (id: Types.ObjectId | string) => `/api/document.php?id=${String(id)}`;

export function toDocumentView(document: PublicDocument, lang: 'en' | 'hi' = 'en'): Schemas['PublicDocument'] {
  return {
    id: document._id.toHexString(),
    title: lang === 'hi' && document.title_hi ? document.title_hi : document.title,
    ...(document.title_hi && { title_hi: document.title_hi }),
    kind: document.kind,
    fy: document.fy,
    url: documentUrl(document._id),
    size: document.size,
    uploaded_at: document.uploadedAt.toISOString(),
  };
}

export class PublicDocuments {
  constructor(private readonly services: Services) {}

  private get bucket() {
    return new mongoose.mongo.GridFSBucket(this.services.db.connection.db!, { bucketName });
  }

  private get documents() {
    return this.services.db.models.PublicDocument;
  }

  /** Stores the PDF under `_id` (an Idempotency-Key's id: one stored already is answered as it is). */
  async add(
    _id: Types.ObjectId,
    file: UploadedFile,
    fields: Pick<PublicDocument, 'title' | 'title_hi' | 'kind' | 'fy'>,
    actor: string,
  ): Promise<PublicDocument> {
    const stored = await this.documents.findById(_id).lean<PublicDocument>();
    if (stored) return stored;
    const bytes = await readFile(file.filepath);
    if (!isPdfFile(bytes)) throw new HttpError(415, complianceMessages.documentNotPdf);
    const document: PublicDocument = {
      _id,
      ...fields,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      uploadedAt: new Date(),
      uploadedBy: actor,
    };
    // The file first, then the row that lists it. A retry of an upload cut short between the two
    // finds the file under its id: it is written again.
    await this.bucket.delete(_id).catch(() => undefined);
    const upload = this.bucket.openUploadStreamWithId(_id, downloadName(document), { metadata: { contentType: 'application/pdf' } });
    await pipeline(Readable.from([bytes]), upload);
    try {
      await this.documents.create(document);
    } catch (error) {
      await this.bucket.delete(_id).catch(() => undefined);
      throw error;
    }
    return document;
  }

  /** Newest year first; in a year, by kind in the order the page lists them. */
  async list(): Promise<PublicDocument[]> {
    const documents = await this.documents.find({}).lean<PublicDocument[]>();
    return documents.sort((a, b) => b.fy.localeCompare(a.fy) || kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || a.title.localeCompare(b.title));
  }

  async find(id: string): Promise<PublicDocument | null> {
    return this.documents.findById(id).lean<PublicDocument>();
  }

  /** The PDF's bytes (a document's file is small enough to send whole). */
  async bytes(id: Types.ObjectId): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(id: string): Promise<void> {
    const _id = new Types.ObjectId(id);
    const { deletedCount } = await this.documents.deleteOne({ _id });
    if (!deletedCount) throw notFound(complianceMessages.documentNotFound);
    await this.bucket.delete(_id).catch((error: unknown) => this.services.logger.error({ err: error, id }, 'could not delete a document’s file'));
  }
}
