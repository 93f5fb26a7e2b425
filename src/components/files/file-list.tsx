import '@/styles/files.css';
import { useMachine } from '@xstate/react';
import type { FileSummary } from '@shared/contract/files';
import { fileSizeWords, fileTypeWords } from '@/components/files/file-words';
import { saveBlob } from '@/components/files/save-blob';
import { formatDay } from '@/components/format/dates';
import { failureWords } from '@/components/format/failure-words';
import { fileDownloadMachine } from '@/machines/file-download.machine';

const downloads = fileDownloadMachine.provide({
  actions: { saveFile: (_, { blob, filename }) => saveBlob(blob, filename) },
});

/** Who uploaded a file, as the reader says it: the insured reads "you" for their own. */
const UPLOADER_WORDS = {
  insured: { insured: 'you', underwriter: 'an underwriter' },
  other: { insured: 'the insured', underwriter: 'an underwriter' },
} as const;

/**
 * The files on a record, each with a Download button that fetches it (with the bearer token, so
 * a plain link would not do) and saves it under its name. A failed download says so beside the
 * file; the list stays usable.
 */
export function FileList({
  files,
  emptyText = 'No files yet.',
  viewer,
}: {
  files: FileSummary[];
  emptyText?: string;
  /** Who reads the list: the insured sees their own files as "uploaded by you". */
  viewer?: 'insured' | 'underwriter';
}) {
  const uploaderWords = UPLOADER_WORDS[viewer === 'insured' ? 'insured' : 'other'];
  const [state, send] = useMachine(downloads);
  const busyId = state.matches('downloading') ? state.context.fileId : undefined;
  const { failure } = state.context;

  if (files.length === 0) return <p className="file-list__empty">{emptyText}</p>;

  return (
    <ul className="file-list">
      {files.map((file) => (
        <li key={file.id} className="file-list__item">
          <span className="file-list__name">{file.filename}</span>
          <span className="file-list__meta">
            {fileTypeWords(file.mime)}, {fileSizeWords(file.size)}, uploaded by {uploaderWords[file.uploadedBy]} on{' '}
            <time dateTime={file.uploadedAt}>{formatDay(file.uploadedAt)}</time>
          </span>
          {/* aria-disabled keeps focus on the button while it works. */}
          <button
            type="button"
            className="button button--secondary file-list__download"
            onClick={() => send({ type: 'file.download', fileId: file.id, filename: file.filename })}
            aria-disabled={busyId === file.id || undefined}
            // Several files each have a Download button: the name says which (it starts with the visible word).
            aria-label={`${busyId === file.id ? 'Downloading' : 'Download'} ${file.filename}`}
          >
            {busyId === file.id ? 'Downloading…' : 'Download'}
          </button>
          {failure?.fileId === file.id && (
            <p className="file-list__error notice notice--error" role="alert">
              {file.filename} could not be downloaded: {failureWords(failure.message)}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
