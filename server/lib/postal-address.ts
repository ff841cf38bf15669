// An address on one line as a letter or a receipt prints it: "Via Roma 1, 10100 Torino (TO)"; empty when none.
export interface PostalAddress {
  address: string | null;
  streetNumber: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
}

export const postalAddressLine = (a: PostalAddress | null): string =>
  a ? [[a.address, a.streetNumber].filter(Boolean).join(' '), [a.postalCode, a.city, a.province ? `(${a.province})` : null].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
