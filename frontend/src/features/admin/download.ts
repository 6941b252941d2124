/** Saves a Blob as a file the browser downloads. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; give it a moment before letting go of it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
