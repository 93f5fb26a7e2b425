import * as v from 'valibot';
import { http } from '@/api/client';
import { brokerDetailsSchema, type BrokerDetails } from '@shared/contract/brokers';

/** GET auth/brokerDetails. A 404 means no such broker: the caller shows client/page-not-found. */
export async function getBrokerDetails(clientUrl: string): Promise<BrokerDetails> {
  return v.parse(brokerDetailsSchema, await http().get('auth/brokerDetails', { searchParams: { clientUrl } }).json());
}

/**
 * The broker's logo as an `<img src>`, or undefined when it has none (an empty data URL would
 * show as a broken image). The wire carries bare base64; a logo stored without its type is
 * taken for a PNG, the commonest logo format.
 */
export function brokerLogoDataUrl(details: BrokerDetails): string | undefined {
  if (!details.brokerProfile) return undefined;
  return `data:${details.brokerProfileType ?? 'image/png'};base64,${details.brokerProfile}`;
}
