/** The forms that take personal data, each with a privacy notice of its own at /privacy/<form>. */
export const noticeForms = ['volunteer', 'contact', 'donate'] as const;
export type NoticeForm = (typeof noticeForms)[number];

export const isNoticeForm = (form: string): form is NoticeForm => (noticeForms as readonly string[]).includes(form);
