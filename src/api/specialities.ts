import * as v from 'valibot';
import { http, retryOnce } from '@/api/client';
import {
  specialityCategoryListSchema,
  specialityListSchema,
  specialitySchema,
  type Speciality,
  type SpecialityCategory,
  type SpecialityListItem,
} from '@shared/contract/specialities';

export async function getSpecialityCategories(): Promise<SpecialityCategory[]> {
  return v.parse(
    specialityCategoryListSchema,
    await http().get('auth/specialitycategory', { retry: retryOnce }).json(),
  );
}

/**
 * With a client URL, only that broker's specialities, each with the broker's own code; with a
 * state, their indicative prices are that state's.
 */
export async function getSpecialityList(clientUrl?: string, state?: string): Promise<SpecialityListItem[]> {
  const params = { ...(clientUrl ? { clientUrl } : {}), ...(state ? { state } : {}) };
  const searchParams = Object.keys(params).length > 0 ? params : undefined;
  return v.parse(specialityListSchema, await http().get('auth/specialitylist', { searchParams }).json());
}

/** The path form of getSpecialityList(clientUrl): the same answer. */
export async function getSpecialitiesByClientUrl(clientUrl: string): Promise<SpecialityListItem[]> {
  const path = `auth/specialityByClientUrl/${encodeURIComponent(clientUrl)}`;
  return v.parse(specialityListSchema, await http().get(path).json());
}

export async function getSpeciality(specialityId: number): Promise<Speciality> {
  return v.parse(specialitySchema, await http().get('auth/speciality', { searchParams: { specialityId } }).json());
}
