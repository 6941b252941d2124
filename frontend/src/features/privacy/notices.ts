import type { MessageKey } from '../../i18n/i18n';

/** The forms that take personal data, each with a privacy notice of its own at /privacy/<form>. */
export const noticeForms = ['volunteer', 'contact', 'donate'] as const;
export type NoticeForm = (typeof noticeForms)[number];

export const isNoticeForm = (form: string): form is NoticeForm => (noticeForms as readonly string[]).includes(form);

/** Where each notice leads back to, and how the link names its form. */
export const noticeFormPages: Record<NoticeForm, { to: '/{-$lang}/volunteer' | '/{-$lang}/contact' | '/{-$lang}/donate'; label: MessageKey }> = {
  volunteer: { to: '/{-$lang}/volunteer', label: 'Back to the volunteer registration' },
  contact: { to: '/{-$lang}/contact', label: 'Back to the contact form' },
  donate: { to: '/{-$lang}/donate', label: 'Back to the donation page' },
};
