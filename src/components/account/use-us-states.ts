import { useEffect, useState } from 'react';
import type { UsState } from '@shared/contract/lists';
import { getStateList } from '@/api/lists';

export type UsStatesStatus = 'loading' | 'ready' | 'failed';

/**
 * The US states for an address's State select (insured/stateList, already retried once by the
 * API call). Call it in the screen, not in the dialog, so the list is there by the time someone
 * opens the form; `retry` asks again after a failure.
 */
export function useUsStates(): { states: UsState[]; status: UsStatesStatus; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ attempt: number; states: UsState[] | null }>();

  useEffect(() => {
    let current = true;
    getStateList().then(
      (states) => current && setAnswer({ attempt, states }),
      () => current && setAnswer({ attempt, states: null }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // An answer to an earlier attempt does not count: after Try again the select is loading again.
  const settled = answer?.attempt === attempt ? answer : undefined;
  return {
    states: settled?.states ?? [],
    status: !settled ? 'loading' : settled.states ? 'ready' : 'failed',
    retry: () => setAttempt((count) => count + 1),
  };
}
