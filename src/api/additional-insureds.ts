import * as v from 'valibot';
import { http } from '@/api/client';
import {
  additionalInsuredListSchema,
  additionalInsuredSchema,
  type AdditionalInsured,
  type AdditionalInsuredList,
  type SaveAdditionalInsuredRequest,
} from '@shared/contract/additional-insureds';
import { deletedSchema, type Deleted } from '@shared/contract/address';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/** GET insured/additionalinsureds?submissionid: the order's additional insureds and what may be done with them. */
export async function getAdditionalInsureds(submissionId: number): Promise<AdditionalInsuredList> {
  const response = await http().get('insured/additionalinsureds', { searchParams: { submissionid: submissionId } });
  return v.parse(additionalInsuredListSchema, await response.json());
}

/**
 * POST insured/saveupdateadditionalinsured: a create without id (the Idempotency-Key makes a
 * retried create one record), an update with it.
 */
export async function saveAdditionalInsured(
  request: SaveAdditionalInsuredRequest,
  idempotencyKey?: string,
): Promise<AdditionalInsured> {
  const headers = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {};
  const response = await http().post('insured/saveupdateadditionalinsured', { json: request, headers });
  return v.parse(additionalInsuredSchema, await response.json());
}

/** DELETE insured/deleteadditionalinsured?id. */
export async function deleteAdditionalInsured(id: number): Promise<Deleted> {
  const response = await http().delete('insured/deleteadditionalinsured', { searchParams: { id } });
  return v.parse(deletedSchema, await response.json());
}

export interface Certificate {
  pdf: Blob;
  /** The server's file name (Content-Disposition), when it gave one. */
  filename: string | undefined;
}

/** The file name of a Content-Disposition header: filename*= (RFC 5987) first, then filename=. */
export function dispositionFilename(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || undefined;
}

/** POST documents/certificateofinsurance: a PDF naming one additional insured on a bound order. */
export async function downloadCertificate(submissionId: number, additionalInsuredId: number): Promise<Certificate> {
  const response = await http().post('documents/certificateofinsurance', {
    json: { submissionid: submissionId, additionalinsuredid: additionalInsuredId },
  });
  return { pdf: await response.blob(), filename: dispositionFilename(response.headers.get('content-disposition')) };
}
