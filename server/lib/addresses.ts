// A club's Address rows (a person's address, the club's legal and seat addresses): written in place, created on
// first use.
import type { Db } from './club-rows';
import type { Row } from './partial-update';

/**
 * Writes the address fields sent (nulls clear) to the row `addressId`, or creates the row when there is none and
 * something non-empty was sent. Answers the row's id, or null when there is still no address.
 */
export async function saveAddress(tx: Db, clubId: string, addressId: string | null, values: Row): Promise<string | null> {
  if (addressId) {
    if (Object.keys(values).length) await tx.address.update({ where: { id: addressId }, data: values });
    return addressId;
  }
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
  if (!Object.keys(filled).length) return null;
  return (await tx.address.create({ data: { ...filled, clubId } })).id;
}
