/**
 * Phone numbers come back from the server in E.164 (+15125550142). People read US numbers as
 * (512) 555-0142; a number from elsewhere keeps its international form, because grouping its
 * digits correctly needs per-country rules this bundle does not carry.
 */
export function formatPhone(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/** The tel: address for a stored number (dialable as is). */
export function phoneHref(e164: string): string {
  return `tel:${e164.replace(/[^\d+]/g, '')}`;
}
