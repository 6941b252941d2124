import { describe, expect, it } from 'vitest';
import { clientAddress, proxyList } from './client-address.js';

const trusted = proxyList(['127.0.0.1', '10.0.0.0/8', 'fc00::/7']);

describe("the visitor's address", () => {
  it('is the connection’s when it does not come from a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', trusted)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', undefined, trusted)).toBe('203.0.113.9');
  });

  it('is read from the right of X-Forwarded-For, past every trusted proxy, never from what a client wrote at the left', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1', trusted)).toBe('198.51.100.1');
    // A TLS proxy (10.0.0.5) in front of nginx, and a forged first entry.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.1, 10.0.0.5', trusted)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:127.0.0.1', '2001:db8::7', trusted)).toBe('2001:db8::7');
    expect(clientAddress('fd00::3', '::ffff:198.51.100.4', trusted)).toBe('198.51.100.4');
  });

  it('stops at what is no address, and at the last proxy when every hop is trusted', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1, unknown', trusted)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '10.1.1.1, 10.2.2.2', trusted)).toBe('10.1.1.1');
    expect(clientAddress('127.0.0.1', '', trusted)).toBe('127.0.0.1');
  });

  it('believes no header when no proxy is trusted', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1', proxyList([]))).toBe('127.0.0.1');
  });
});
