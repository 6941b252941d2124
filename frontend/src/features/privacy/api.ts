import type { PublicData } from '@ngo-site/shared';
import type { Lang } from '../../i18n/paths';
import type { NoticeForm } from './notices';

/** A form page's view with the version of its privacy notice, which the form's agreement names. */
export async function withNoticeVersion<View>(
  view: Promise<View>,
  content: PublicData,
  form: NoticeForm,
  lang: Lang,
): Promise<View & { notice_version: number }> {
  const [page, notice] = await Promise.all([view, content.page(`privacy-${form}`, lang)]);
  return { ...page, notice_version: notice.version };
}
