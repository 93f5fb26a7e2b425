/** The renewals' rows of the scheduled work (server/jobs/scheduled-work.ts). */
import type { ScheduledWork } from '@server/jobs/scheduled-work';
import { remindAndExpire } from '@server/renewals/expiries';
import { offerRenewals } from '@server/renewals/renewal-offers';

export const renewalWork: ScheduledWork[] = [
  {
    name: 'renewals.offer',
    description: 'Offers each policy in force its renewal RENEWAL_OFFER_DAYS before its period ends, once per period.',
    everyMinutes: 60,
    async run(ctx) {
      await offerRenewals(ctx);
    },
  },
  {
    name: 'renewals.expire',
    description: 'Reminds the insured and broker of a policy ending unrenewed, and expires it on its end date.',
    everyMinutes: 60,
    async run(ctx) {
      await remindAndExpire(ctx);
    },
  },
];
