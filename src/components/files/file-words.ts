import { acceptedFileTypes } from '@shared/contract/files';

/** "PDF", "Word document"; a type this build does not name reads as its MIME type. */
export function fileTypeWords(mime: string): string {
  return acceptedFileTypes[mime as keyof typeof acceptedFileTypes] ?? mime;
}

/** "820 bytes", "12 KB", "1.4 MB" (1 KB = 1024 bytes, as file managers count). */
export function fileSizeWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
