import { createHmac, timingSafeEqual } from 'node:crypto';

// The tokens of the newsletter's mailed links, made when each mail is sent and never stored: the
// subscriber's id (and, for a confirmation, the time it was made) with an HMAC under a key
// derived from JWT_SECRET. Anyone holding one can do what its link does, nothing more.

export type LinkPurpose = 'confirm' | 'unsubscribe';

const purposeTag: Record<LinkPurpose, number> = { confirm: 1, unsubscribe: 2 };
const macBytes = 16;
const idBytes = 12;

/** How long a confirmation link works. */
export const confirmLinkSeconds = 7 * 24 * 60 * 60;

const keyOf = (secret: string) => createHmac('sha256', secret).update('newsletter links').digest();

export class LinkTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = keyOf(secret);
  }

  private mac(payload: Buffer) {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, macBytes);
  }

  make(purpose: LinkPurpose, subscriber: string, now = new Date()): string {
    const parts = [Buffer.from([purposeTag[purpose]]), Buffer.from(subscriber, 'hex')];
    if (purpose === 'confirm') {
      const issued = Buffer.alloc(4);
      issued.writeUInt32BE(Math.floor(now.getTime() / 1000));
      parts.push(issued);
    }
    const payload = Buffer.concat(parts);
    return Buffer.concat([payload, this.mac(payload)]).toString('base64url');
  }

  /** The subscriber's id the token names, when it is ours, for this purpose, and (a confirmation) not expired. */
  read(purpose: LinkPurpose, token: string, now = new Date()): string | null {
    const bytes = Buffer.from(token, 'base64url');
    const payloadBytes = 1 + idBytes + (purpose === 'confirm' ? 4 : 0);
    if (bytes.length !== payloadBytes + macBytes || bytes[0] !== purposeTag[purpose]) return null;
    const payload = bytes.subarray(0, payloadBytes);
    if (!timingSafeEqual(this.mac(payload), bytes.subarray(payloadBytes))) return null;
    if (purpose === 'confirm') {
      const issued = payload.readUInt32BE(1 + idBytes);
      if (now.getTime() / 1000 - issued > confirmLinkSeconds) return null;
    }
    return payload.subarray(1, 1 + idBytes).toString('hex');
  }
}
