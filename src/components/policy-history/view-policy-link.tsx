import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getClaimablePolicies } from '@/api/claims';
import { ScreenLink } from '@/components/screen-link';

/**
 * "View policy" for a policy known by its number: its own page when its id is known, else the
 * list of the insured's policies. The link names the policy for screen readers, since a list may
 * hold several.
 */
export function ViewPolicyLink({
  number,
  policyId,
  className,
}: {
  number: string;
  policyId: number | undefined;
  className?: string;
}) {
  return (
    <ScreenLink
      screen="policy-history"
      search={policyId === undefined ? {} : { policyid: policyId }}
      className={className}
    >
      View policy <span className="visually-hidden">{number}</span>
    </ScreenLink>
  );
}

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * The insured's policy ids by policy number (insured/policies), asked once when `wanted`: the
 * documents' list names a policy by its number, and the policy screen takes its id (the
 * dashboard's orders carry the id themselves). A failure is an empty map: the links then open
 * the list of policies instead.
 */
const policyIdsLogic = fromPromise<ReadonlyMap<string, number>, { wanted: boolean }>(async ({ input }) => {
  if (!input.wanted) return NONE;
  try {
    return new Map((await getClaimablePolicies()).map((policy) => [policy.number, policy.id]));
  } catch {
    return NONE;
  }
});

/** `wanted` is read when the component mounts: mount it once the orders are known. */
export function usePolicyIds(wanted: boolean): ReadonlyMap<string, number> {
  const [state] = useActor(policyIdsLogic, { input: { wanted } });
  return state.status === 'done' ? state.output : NONE;
}
