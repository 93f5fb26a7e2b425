import * as v from 'valibot';
import { http } from '@/api/client';
import {
  adminBrokerListSchema,
  adminBrokerSchema,
  clientUrlCheckSchema,
  LOGO_FIELD,
  type AdminBroker,
  type BrokerRequest,
  type ClientUrlCheck,
} from '@shared/contract/admin-brokers';

/**
 * Brokers for administrators (shared/contract/admin-brokers.ts): role admin only (403
 * otherwise). A client URL held by another broker is a 409 naming clientUrl.
 */

/** GET admin/brokers: every broker, by name. */
export async function listBrokers(): Promise<AdminBroker[]> {
  return v.parse(adminBrokerListSchema, await http().get('admin/brokers').json());
}

/** POST admin/brokers; sent again after a lost answer, it answers the broker it made. */
export async function createBroker(values: BrokerRequest): Promise<AdminBroker> {
  return v.parse(adminBrokerSchema, await http().post('admin/brokers', { json: values }).json());
}

/** PUT admin/brokers/{id}: the whole editable record. */
export async function updateBroker(id: number, values: BrokerRequest): Promise<AdminBroker> {
  return v.parse(adminBrokerSchema, await http().put(`admin/brokers/${id}`, { json: values }).json());
}

/** PUT admin/brokers/{id}/logo (multipart): PNG or JPEG, redrawn by the server. */
export async function uploadBrokerLogo(id: number, file: File): Promise<AdminBroker> {
  const body = new FormData();
  body.append(LOGO_FIELD, file, file.name);
  return v.parse(adminBrokerSchema, await http().put(`admin/brokers/${id}/logo`, { body, timeout: 60_000 }).json());
}

/** DELETE admin/brokers/{id}/logo. */
export async function removeBrokerLogo(id: number): Promise<AdminBroker> {
  return v.parse(adminBrokerSchema, await http().delete(`admin/brokers/${id}/logo`).json());
}

/** PUT admin/brokers/{id}/active: the storefront closed (page-not-found) or opened again. */
export async function setBrokerActive(id: number, active: boolean): Promise<AdminBroker> {
  return v.parse(adminBrokerSchema, await http().put(`admin/brokers/${id}/active`, { json: { active } }).json());
}

/** GET admin/brokers/clienturl: whether a client URL is free (`brokerId`'s own counts as free). */
export async function checkClientUrl(value: string, brokerId?: number): Promise<ClientUrlCheck> {
  const searchParams: Record<string, string> = { value };
  if (brokerId !== undefined) searchParams.brokerid = String(brokerId);
  return v.parse(clientUrlCheckSchema, await http().get('admin/brokers/clienturl', { searchParams }).json());
}
