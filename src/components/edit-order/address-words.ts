/** Any address on the insured's account: a saved location, an order's copy of one. */
interface AddressLike {
  title?: string | null;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipcode: string;
}

/** "1200 Main St, Suite 400, Houston, TX 77002": one line, as an envelope reads. */
export function addressLine(address: AddressLike): string {
  return [address.address1, address.address2, address.city, `${address.state} ${address.zipcode}`]
    .filter(Boolean)
    .join(', ');
}

/** What people call a location: its title, else its first address line. */
export function locationName(address: AddressLike): string {
  return address.title?.trim() || address.address1;
}

/** A location in a sentence: "Houston office (1200 Main St, Houston, TX 77002)", or just the address without a title. */
export function locationWords(address: AddressLike): string {
  const title = address.title?.trim();
  return title ? `${title} (${addressLine(address)})` : addressLine(address);
}
