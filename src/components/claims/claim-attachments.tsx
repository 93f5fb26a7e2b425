import '@/styles/files.css';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { downloadClaimAttachment, type ClaimSide } from '@/api/claims';
import type { ClaimAttachment } from '@shared/contract/claims';
import type { FileSummary } from '@shared/contract/files';
import { fileSizeWords, fileTypeWords } from '@/components/files/file-words';
import { FileUpload } from '@/components/files/file-upload';
import { saveBlob } from '@/components/files/save-blob';
import { formatDay } from '@/components/format/dates';
import { failureWords } from '@/components/format/failure-words';
import type { AttachmentOutcome } from '@/machines/claim.machine';
import { fileDownloadMachine } from '@/machines/file-download.machine';

/** Who uploaded a file, as the reader says it. */
function uploaderWords(uploadedBy: ClaimAttachment['uploadedBy'], viewer: ClaimSide): string {
  if (uploadedBy === viewer) return 'you';
  return uploadedBy === 'handler' ? 'your claims handler' : 'the insured';
}

/**
 * The files on a claim, oldest first, each with a Download button (fetched with the bearer token
 * through the reader's own route, then saved under its name); a failed download says so beside
 * the file and the list stays usable.
 */
export function ClaimAttachmentList({
  claimId,
  attachments,
  viewer,
}: {
  claimId: number;
  attachments: readonly ClaimAttachment[];
  viewer: ClaimSide;
}) {
  const downloads = useMemo(
    () =>
      fileDownloadMachine.provide({
        actors: {
          fetchFile: fromPromise<Blob, { fileId: number }>(async ({ input }) => {
            const file = await downloadClaimAttachment(viewer, claimId, { id: input.fileId, filename: '' });
            return file.blob;
          }),
        },
        actions: { saveFile: (_, { blob, filename }) => saveBlob(blob, filename) },
      }),
    [claimId, viewer],
  );
  const [state, send] = useMachine(downloads);
  const busyId = state.matches('downloading') ? state.context.fileId : undefined;
  const { failure } = state.context;

  if (attachments.length === 0) {
    return (
      <p className="file-list__empty">
        {viewer === 'insured' ? 'You have not attached any files yet.' : 'No files are attached to this claim.'}
      </p>
    );
  }
  return (
    <ul className="file-list">
      {attachments.map((file) => (
        <li key={file.id} className="file-list__item" data-attachment-id={file.id}>
          <span className="file-list__name">{file.filename}</span>
          <span className="file-list__meta">
            {fileTypeWords(file.contentType)}, {fileSizeWords(file.size)}, uploaded by{' '}
            {uploaderWords(file.uploadedBy, viewer)} on{' '}
            <time dateTime={file.uploadedAt}>{formatDay(file.uploadedAt)}</time>
          </span>
          <button
            type="button"
            className="button button--secondary file-list__download"
            onClick={() => send({ type: 'file.download', fileId: file.id, filename: file.filename })}
            aria-disabled={busyId === file.id || undefined}
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

/** A claim's attachment as the order's upload field reads a stored file (it shows the names). */
const asFileSummary =
  (claimId: number) =>
  (file: ClaimAttachment): FileSummary => ({
    id: file.id,
    module: 'claim',
    moduleId: claimId,
    filename: file.filename,
    mime: file.contentType,
    size: file.size,
    uploadedAt: file.uploadedAt,
    uploadedBy: file.uploadedBy === 'handler' ? 'underwriter' : 'insured',
  });

/** The order's upload field for a claim: the same rules, hint and feedback. */
export function ClaimAttachmentUpload({
  claimId,
  busy,
  outcome,
  count,
  queued,
  onUpload,
}: {
  claimId: number;
  busy: boolean;
  outcome: AttachmentOutcome | null;
  count: number;
  queued: number;
  onUpload: (files: File[]) => void;
}) {
  const shown =
    outcome?.kind === 'uploaded'
      ? { kind: 'uploaded' as const, files: outcome.files.map(asFileSummary(claimId)) }
      : outcome;
  return (
    <FileUpload
      label="Attach files to this claim"
      busy={busy}
      outcome={shown}
      count={count}
      queued={queued}
      onUpload={onUpload}
    />
  );
}
