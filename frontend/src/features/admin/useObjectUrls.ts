import { useEffect, useMemo, useState } from 'react';

/**
 * Object URLs for local files, for previews. The browser reads the file from disk when the image
 * is drawn (no copy of a 10 MB photo in a data: URL); the URLs are revoked when the files change
 * or the component goes away.
 */
export function useObjectUrls(files: readonly Blob[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const created = files.map((file) => URL.createObjectURL(file));
    setUrls(created);
    return () => created.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  return urls;
}

const noFiles: Blob[] = [];

/** The object URL of one optional file (see useObjectUrls). */
export function useObjectUrl(file: Blob | null): string | undefined {
  const files = useMemo(() => (file ? [file] : noFiles), [file]);
  return useObjectUrls(files)[0];
}
