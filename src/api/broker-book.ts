import * as v from 'valibot';
import { http } from '@/api/client';
import { bookSchema, type Book } from '@shared/contract/broker-book';
import type { SubmissionStatus } from '@shared/contract/submissions';

/**
 * The broker's own book (shared/contract/broker-book.ts): role broker only (403 otherwise; 409
 * naming brokerId when the account is not tied to a broker).
 */

/** GET broker/book?status: the broker's orders, most recently changed first, and its storefront links. */
export async function brokerBook(status?: SubmissionStatus): Promise<Book> {
  const searchParams = status ? { status } : {};
  return v.parse(bookSchema, await http().get('broker/book', { searchParams }).json());
}
