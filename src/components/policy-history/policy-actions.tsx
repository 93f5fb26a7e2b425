import { ScreenLink } from '@/components/screen-link';
import type { PolicyActions, RenewalAction } from '@/components/policy-history/policy-standing';

/**
 * What the insured can do with the policy as it stands, as plain links to the screens that do it:
 * each shown only when the policy allows it (a change only in force, a tail once cancelled or expired).
 */
export function PolicyActionLinks({
  policyId,
  actions,
  renewal,
}: {
  policyId: number;
  actions: PolicyActions;
  renewal: RenewalAction;
}) {
  const search = { policyid: policyId };
  return (
    <nav className="policy-actions" aria-labelledby="policy-actions-title">
      <h2 id="policy-actions-title">What you can do</h2>
      <ul className="policy-actions__list">
        {/* Once the cover has ended, reporting claims later is what matters: the tail comes first. */}
        {actions.tail && (
          <li>
            <ScreenLink screen="cancellation" search={search} className="button">
              Buy tail cover
            </ScreenLink>
          </li>
        )}
        <li>
          <ScreenLink
            screen="certificates"
            search={search}
            className={actions.certificate ? 'button' : 'button button--secondary'}
          >
            {actions.certificate ? 'Get a certificate' : 'Your certificates'}
          </ScreenLink>
        </li>
        {actions.change && (
          <li>
            <ScreenLink screen="endorsements" search={search} className="button button--secondary">
              Change your policy
            </ScreenLink>
          </li>
        )}
        <li>
          {/* The claims screen's report form, open at once with this policy chosen. */}
          <ScreenLink screen="claims" search={{ report: policyId }} className="button button--secondary">
            Report a claim
          </ScreenLink>
        </li>
        {/* Issue 20: the renewal once it is offered; before then, the day it will be (no link to "not yet"). */}
        {renewal?.kind === 'link' && (
          <li>
            <ScreenLink screen="renewal" search={search} className="button button--secondary">
              {renewal.words}
            </ScreenLink>
          </li>
        )}
        {renewal?.kind === 'later' && (
          <li className="policy-actions__later" data-renewal-later>
            {renewal.words}
          </li>
        )}
        {actions.cancel && (
          <li>
            <ScreenLink screen="cancellation" search={search} className="button button--secondary">
              Cancel your policy
            </ScreenLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
