import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '@/api/api-error';
import { downloadFile } from '@/api/files';
import { errorOf } from '@/machines/actor-events';

export interface FileDownloadContext {
  /** The file being fetched (or last fetched), and the name it is saved under. */
  fileId: number | undefined;
  filename: string;
  /** The last failure, with the file it was for. */
  failure: { fileId: number; message: string } | undefined;
}

export type FileDownloadEvent = { type: 'file.download'; fileId: number; filename: string };

/**
 * Downloads for one list of files: one at a time (a click on another file while one is being
 * fetched is ignored), fetched with the bearer token, then handed to the browser by the
 * `saveFile` action, which the component provides (the machine touches no DOM). A failure is
 * kept beside its file until the next download.
 */
export const fileDownloadMachine = setup({
  types: {
    context: {} as FileDownloadContext,
    events: {} as FileDownloadEvent,
  },
  actors: {
    fetchFile: fromPromise<Blob, { fileId: number }>(({ input }) => downloadFile(input.fileId)),
  },
  actions: {
    saveFile: (_, _params: { blob: Blob; filename: string }) => {},
    start: assign((_, params: { fileId: number; filename: string }) => ({ ...params, failure: undefined })),
    storeFailure: assign(({ context }, error: unknown) => ({
      failure: context.fileId === undefined ? undefined : { fileId: context.fileId, message: errorText(error) },
    })),
  },
}).createMachine({
  id: 'fileDownload',
  context: { fileId: undefined, filename: '', failure: undefined },
  initial: 'idle',
  states: {
    idle: {
      description: 'The files are listed to download, with the last download’s failure beside its file.',
      on: {
        'file.download': {
          target: 'downloading',
          description: 'The person downloads a file.',
          actions: { type: 'start', params: ({ event }) => ({ fileId: event.fileId, filename: event.filename }) },
        },
      },
    },
    downloading: {
      description: 'One file is being downloaded; a click on another meanwhile is ignored.',
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        input: ({ context }) => ({ fileId: context.fileId! }),
        onDone: {
          target: 'idle',
          description: 'The file is handed to the browser to save.',
          actions: {
            type: 'saveFile',
            params: ({ context, event }) => ({ blob: event.output, filename: context.filename }),
          },
        },
        onError: {
          target: 'idle',
          description: 'The download failed: the reason shows beside the file.',
          actions: { type: 'storeFailure', params: errorOf },
        },
      },
    },
  },
});
