import { useMachine } from '@xstate/react';
import { saveBlob } from '@/components/files/save-blob';
import { documentsMachine, type DocumentsInput } from '@/machines/documents.machine';

const documentsWithSave = documentsMachine.provide({
  actions: { saveFile: (_, { blob, filename }) => saveBlob(blob, filename) },
});

/** The documents machine for one screen, saving each download through the browser under its name. */
export function useDocuments(input: DocumentsInput) {
  return useMachine(documentsWithSave, { input });
}

export type DocumentsHandle = ReturnType<typeof useDocuments>;
