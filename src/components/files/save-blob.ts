/**
 * Hands a downloaded file to the browser under its own name: an object URL behind a temporary
 * <a download>, revoked once the click has been handled.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the address after click() returns: it is freed a little later.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}
