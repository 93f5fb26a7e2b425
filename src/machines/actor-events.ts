import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

/**
 * The params of an action or guard that reads what an invoked actor ended with: written once
 * here rather than as the same lambda beside every `onDone` and `onError` (issue 18).
 */

/** The error an invoked actor failed with (`onError`). */
export const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

/** The output an invoked actor finished with (`onDone`), typed by the caller: `outputOf<Order>`. */
export const outputOf = <T>({ event }: { event: DoneActorEvent<T> }): T => event.output;
