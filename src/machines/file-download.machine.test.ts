import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { errorText } from '@/api/api-error';
import { fileDownloadMachine, type FileDownloadEvent } from '@/machines/file-download.machine';

/**
 * fileDownloadMachine with its fetch mocked (answered by the test) and its save recorded; then
 * xstate/graph walks its paths, each replayed on a real actor.
 */

const unavailable = new Error('The file service is unavailable.');

function harness() {
  const fetched: number[] = [];
  const saved: { size: number; filename: string }[] = [];
  let pending: { resolve: (blob: Blob) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    fileDownloadMachine.provide({
      actors: {
        fetchFile: fromPromise(({ input }: { input: { fileId: number } }) => {
          fetched.push(input.fileId);
          return new Promise<Blob>((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
      actions: { saveFile: (_, { blob, filename }) => saved.push({ size: blob.size, filename }) },
    }),
  ).start();
  const settle = async (outcome: 'ok' | 'fail') => {
    if (outcome === 'ok') pending!.resolve(new Blob(['%PDF-1.4 loss runs']));
    else pending!.reject(unavailable);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, fetched, saved, settle };
}

const lossRuns: FileDownloadEvent = { type: 'file.download', fileId: 7, filename: 'loss-runs.pdf' };
const floorPlan: FileDownloadEvent = { type: 'file.download', fileId: 9, filename: 'floor-plan.png' };

describe('fileDownloadMachine', () => {
  it('fetches the file and saves it under its name', async () => {
    const { actor, fetched, saved, settle } = harness();
    actor.send(lossRuns);
    expect(actor.getSnapshot().value).toBe('downloading');
    expect(actor.getSnapshot().context.fileId).toBe(7);
    await settle('ok');
    expect(fetched).toEqual([7]);
    expect(saved).toEqual([{ size: 18, filename: 'loss-runs.pdf' }]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ignores another download while one is being fetched', async () => {
    const { actor, fetched, saved, settle } = harness();
    actor.send(lossRuns);
    actor.send(floorPlan);
    await settle('ok');
    expect(fetched).toEqual([7]);
    expect(saved.map((file) => file.filename)).toEqual(['loss-runs.pdf']);
  });

  it('keeps a failure beside its file, saves nothing, and clears it on the next download', async () => {
    const { actor, saved, settle } = harness();
    actor.send(lossRuns);
    await settle('fail');
    expect(actor.getSnapshot().context.failure).toEqual({ fileId: 7, message: errorText(unavailable) });
    expect(saved).toEqual([]);
    actor.send(floorPlan);
    expect(actor.getSnapshot().context.failure).toBeUndefined();
    await settle('ok');
    expect(saved.map((file) => file.filename)).toEqual(['floor-plan.png']);
  });

  const events = [lossRuns, floorPlan];

  it('reaches both states by shortest paths, replayed on a real actor', () => {
    const paths = getShortestPaths(fileDownloadMachine, { events });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['idle', 'downloading']));
    for (const path of paths) {
      const { actor } = harness();
      for (const step of path.steps.slice(1)) actor.send(step.event as FileDownloadEvent);
      expect(actor.getSnapshot().value).toBe(path.state.value);
      actor.stop();
    }
  });

  it('walks every simple path on a real actor', () => {
    const paths = getSimplePaths(fileDownloadMachine, { events });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const { actor } = harness();
      for (const step of path.steps.slice(1)) actor.send(step.event as FileDownloadEvent);
      expect(actor.getSnapshot().value).toBe(path.state.value);
      actor.stop();
    }
  });
});
