import * as v from 'valibot';
import { http } from '@/api/client';
import {
  adminQuestionSchema,
  adminQuestionSetSchema,
  type AdminQuestion,
  type AdminQuestionSet,
  type EditQuestionRequest,
  type NewQuestionRequest,
} from '@shared/contract/admin-questions';

/**
 * A speciality's question set for administrators (shared/contract/admin-questions.ts): role
 * admin only. A broken rule is a 400 naming options or condition; a code already used a 409.
 */

/** GET admin/specialities/{id}/questions. */
export async function questionSet(specialityId: number): Promise<AdminQuestionSet> {
  return v.parse(adminQuestionSetSchema, await http().get(`admin/specialities/${specialityId}/questions`).json());
}

/** POST admin/specialities/{id}/questions. */
export async function addQuestion(specialityId: number, values: NewQuestionRequest): Promise<AdminQuestion> {
  return v.parse(
    adminQuestionSchema,
    await http().post(`admin/specialities/${specialityId}/questions`, { json: values }).json(),
  );
}

/** PUT admin/questions/{id}. */
export async function editQuestion(id: number, values: EditQuestionRequest): Promise<AdminQuestion> {
  return v.parse(adminQuestionSchema, await http().put(`admin/questions/${id}`, { json: values }).json());
}

/** PUT admin/questions/{id}/active. */
export async function setQuestionActive(id: number, active: boolean): Promise<AdminQuestion> {
  return v.parse(adminQuestionSchema, await http().put(`admin/questions/${id}/active`, { json: { active } }).json());
}

/** PUT admin/specialities/{id}/questions/order. */
export async function orderQuestions(specialityId: number, ids: number[]): Promise<AdminQuestionSet> {
  return v.parse(
    adminQuestionSetSchema,
    await http().put(`admin/specialities/${specialityId}/questions/order`, { json: { ids } }).json(),
  );
}
