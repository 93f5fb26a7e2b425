import { useSearch } from '@tanstack/react-router';
import { orderIdOf } from '@/components/order/order-id';

/** The order a status screen shows: its `?submissionid`, undefined when it names none. */
export function useOrderSearch(): number | undefined {
  const { submissionid } = useSearch({ strict: false }) as { submissionid?: unknown };
  return orderIdOf(submissionid);
}
