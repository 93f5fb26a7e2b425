import * as v from 'valibot';
import { http, retryOnce } from '@/api/client';
import {
  ilfDlfListSchema,
  paymentTermListSchema,
  usStateListSchema,
  type IlfDlfList,
  type PaymentTerm,
  type UsState,
} from '@shared/contract/lists';

/** Every state, alphabetical, each saying whether we sell there. Retried once (specification §9). */
export async function getStateList(): Promise<UsState[]> {
  return v.parse(usStateListSchema, await http().get('insured/stateList', { retry: retryOnce }).json());
}

export async function getPaymentTerms(): Promise<PaymentTerm[]> {
  return v.parse(paymentTermListSchema, await http().get('insured/paymenttermlist').json());
}

/**
 * Where a ZIP (or ZIP+4) is and the limit and deductible options sold in its state; `offered`
 * false with empty lists where we do not sell. A malformed or unknown ZIP is a 400 whose
 * `fields.zipcode` says which.
 */
export async function getIlfDlfList(zipcode: string): Promise<IlfDlfList> {
  const path = `insured/ilfdlflist/${encodeURIComponent(zipcode)}`;
  return v.parse(ilfDlfListSchema, await http().get(path).json());
}
