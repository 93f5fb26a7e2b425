/**
 * A failure as people read it: the machines keep the status in front ("409: The order is
 * bound"), which helps support but not the insured in a dialog.
 */
export function failureWords(message: string | undefined): string {
  return (message ?? '').replace(/^\d{3}:\s*/, '');
}

/**
 * A save the server refused, for a dialog's alert: its words, and its messages by field. A 409's
 * `status` field restates the order's status, which the sentence already names, so it is left
 * out rather than listed as a field the form does not have.
 */
export function refusal(
  message: string,
  fields: Record<string, string>,
): { message: string; fields: Record<string, string> } {
  const { status: _status, ...rest } = fields;
  return { message: failureWords(message), fields: rest };
}
