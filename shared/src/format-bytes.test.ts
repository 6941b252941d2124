import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.js';

describe('formatBytes', () => {
  it('counts bytes below a kilobyte', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
  });

  it('gives kilobytes from 1024 bytes, with at most one decimal', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(350 * 1024 + 100)).toBe('350.1 KB');
    expect(formatBytes(16 * 1024)).toBe('16 KB');
  });

  it('gives megabytes from 1024 KB, dropping a trailing .0', () => {
    expect(formatBytes(1023 * 1024)).toBe('1023 KB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(2.4 * 1024 * 1024)).toBe('2.4 MB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
  });

  it('states the configured limits the way the server sentences name them', () => {
    expect(formatBytes(10485760)).toBe('10 MB');
    expect(formatBytes(52428800)).toBe('50 MB');
    expect(formatBytes(1048576)).toBe('1 MB');
  });
});
