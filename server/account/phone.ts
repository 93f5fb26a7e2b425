/**
 * Phone numbers are stored in E.164 (+15125550142) so the same number typed two ways is one
 * number. Without a country code the number is taken as a US one.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { badRequest } from '@server/http/http-error';

/** Null stays null; anything that cannot be a real number is a 400 naming `field`. */
export function normalisePhone(value: string | null | undefined, field = 'contactnumber'): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const parsed = parsePhoneNumberFromString(value, 'US');
  if (!parsed || !parsed.isValid()) {
    throw badRequest(`${value} is not a phone number we can call`, { [field]: 'is not a valid phone number' });
  }
  return parsed.number;
}
