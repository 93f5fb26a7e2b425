import { http, HttpResponse } from 'msw';
import type { BrokerDetails } from '@shared/contract/brokers';
import { HARBOR_RISK, harborRiskSpecialities } from './catalog-fixtures';

/** Where the client route's guard asks who a client id is (src/api/brokers.ts), on any origin. */
export const BROKER_DETAILS_URL = '*/api/weborder/auth/brokerDetails';

/** An 8×8 PNG in the broker's colours (a navy band over teal), as the wire carries it: bare base64. */
export const HARBOR_RISK_LOGO =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAGElEQVR42mPg9s/BihhIl5DvKsCK6CEBAGzePnne4C9sAAAAAElFTkSuQmCC';

/**
 * The broker behind /client/…/harbor-risk. Its specialities are the catalog's harborRiskSpecialities
 * (same ids, same codes), so `?s=` links, the catalog list and the broker agree.
 */
export const harborRisk: BrokerDetails = {
  name: 'Harbor Risk Partners',
  brokerAbbrivation: 'HRP',
  brokerProfile: HARBOR_RISK_LOGO,
  brokerProfileType: 'image/png',
  brokerspecialities: harborRiskSpecialities.map(({ id, speiclaityRandomCode }) => ({ id, speiclaityRandomCode })),
};

/** The same broker before it uploaded a logo: the header shows its initials instead. */
export const harborRiskWithoutLogo: BrokerDetails = { ...harborRisk, brokerProfile: null, brokerProfileType: null };

/**
 * GET auth/brokerDetails?clientUrl= as the server answers it: the details of a known broker
 * (client ids match whatever their case), and the API's JSON 404 for any other client URL.
 */
export function brokerHandlers(brokers: Record<string, BrokerDetails> = { [HARBOR_RISK]: harborRisk }) {
  return [
    http.get(BROKER_DETAILS_URL, ({ request }) => {
      const clientUrl = new URL(request.url).searchParams.get('clientUrl') ?? '';
      const details = brokers[clientUrl.toLowerCase()];
      if (details) return HttpResponse.json(details);
      return HttpResponse.json({ status: 404, message: `No broker is registered at ${clientUrl}.` }, { status: 404 });
    }),
  ];
}
