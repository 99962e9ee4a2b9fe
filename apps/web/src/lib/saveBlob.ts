/** Hands a downloaded file to the browser's download (the page stays where it is). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has its own copy once started; a moment later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
