import { newsletterNotices } from '@ngo-site/shared';
import { describe, expect, it } from 'vitest';
import hindi from '../../i18n/catalogs/hi.json';
import { notice } from './SubscribeBox';

describe("the subscribe box's notice", () => {
  it('is the text of its version that the server records as shown, in both languages', () => {
    const recorded = newsletterNotices[notice.version]!;
    expect(notice.line).toBe(recorded.en);
    expect((hindi as Record<string, string>)[notice.line]).toBe(recorded.hi);
  });
});
