import '@/styles/files.css';
import { useId } from 'react';
import { ACCEPT_ATTRIBUTE, acceptedFileTypes, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@shared/contract/files';
import { fileSizeWords } from '@/components/files/file-words';
import type { UploadOutcome } from '@/machines/order-details.machine';

interface FileUploadProps {
  /** The field's label: "Add files to your order". */
  label: string;
  busy: boolean;
  /** The last upload's outcome, announced; `count` tells a repeat apart. */
  outcome: UploadOutcome | null;
  count: number;
  /** Files chosen while others go up: they go up next. */
  queued?: number;
  onUpload: (files: File[]) => void;
}

const TYPES = [...new Set(Object.values(acceptedFileTypes))].join(', ');

/**
 * Files are uploaded as soon as they are chosen (keyboard alone: Tab to the field, Enter or Space
 * opens the picker). While they go up the field says so; the outcome is announced: the files
 * stored, or the server's own words for what it refused (it checks each file's type by its
 * content, and its size). The accept list is a hint for the picker, nothing more.
 */
export function FileUpload({ label, busy, outcome, count, queued = 0, onUpload }: FileUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const uploaded = outcome?.kind === 'uploaded' ? outcome.files : [];
  return (
    <div className="file-upload field" aria-busy={busy || undefined}>
      <label htmlFor={inputId}>{label}</label>
      <p id={hintId} className="file-upload__hint">
        {TYPES}; up to {MAX_FILES_PER_UPLOAD} files at a time, each at most {fileSizeWords(MAX_FILE_BYTES)}.
      </p>
      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        aria-describedby={hintId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Emptied in place, not re-created: focus stays on the field and the next choice starts empty.
          event.target.value = '';
          // Chosen while others go up, they are queued by whoever uploads them, never dropped.
          if (files.length > 0) onUpload(files);
        }}
      />
      <div role="status" className="file-upload__status">
        {busy && (
          <p>
            Uploading your files…
            {queued > 0 && ` ${queued === 1 ? 'One more file goes' : `${queued} more files go`} up next.`}
          </p>
        )}
        {!busy && uploaded.length > 0 && <p>Uploaded: {uploaded.map((file) => file.filename).join(', ')}.</p>}
      </div>
      {!busy && outcome?.kind === 'refused' && (
        <div className="notice notice--error" role="alert" key={`refused-${count}`}>
          <p>Your files were not uploaded. {outcome.message}</p>
        </div>
      )}
    </div>
  );
}
