/** The language of the page at `pathname`, for `<html lang>`: the site is in English. */
export function pageLanguage(pathname: string): string {
  void pathname;
  return 'en';
}
