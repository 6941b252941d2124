import { langOfPath } from '../i18n/paths';

/** The language of the page at `pathname`, for `<html lang>`: Hindi under /hi, else English. */
export function pageLanguage(pathname: string): string {
  return langOfPath(pathname);
}
