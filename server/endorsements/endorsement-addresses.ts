/**
 * An address in an endorsement: its changes keep it as printed ("1 Main St", ["Suite 2",]
 * "Houston, TX 77002", one line each), which the history and the documents show as they are.
 * Issuing it later (once paid, or approved) writes it to the account and the order's locations
 * as its parts again: the printed form reads back exactly because no part may hold a line break.
 */
import { badRequest } from '@server/http/http-error';
import { addressLines } from '@server/documents/named-insured';

export type AddressParts = {
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipcode: string;
};

/** The address as printed, one line a string joined by line breaks (as changes keep it). */
export const printedAddress = (address: AddressParts) => addressLines(address).join('\n');

/** The parts of a printed address; null when the lines do not read so. */
export function addressFromLines(lines: string[]): AddressParts | null {
  const last = /^(.+), ([A-Z]{2}) (\d{5})$/.exec(lines.at(-1) ?? '');
  if (!last || lines.length < 2 || lines.length > 3) return null;
  return {
    address1: lines[0]!,
    address2: lines.length === 3 ? lines[1]! : null,
    city: last[1]!,
    state: last[2]!,
    zipcode: last[3]!,
  };
}

/** 400 naming the part (`prefix` + name) that holds a line break: the address prints one part a line. */
export function assertSingleLines(address: Partial<AddressParts>, prefix: string): AddressParts {
  for (const name of ['address1', 'address2', 'city'] as const) {
    if (/[\r\n]/.test(address[name] ?? '')) {
      throw badRequest(`The ${name} of the address must be one line`, { [`${prefix}${name}`]: 'must be one line' });
    }
  }
  return {
    address1: address.address1!,
    address2: address.address2 ?? null,
    city: address.city!,
    state: address.state!,
    zipcode: address.zipcode!,
  };
}
