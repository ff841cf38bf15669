// Addresses (spec §3: a person's address, a club's legal and seat addresses): one output and one input type.
import { builder } from './builder';

builder.prismaObject('Address', {
  fields: (t) => ({
    id: t.exposeID('id'),
    address: t.exposeString('address', { nullable: true }),
    streetNumber: t.exposeString('streetNumber', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    province: t.exposeString('province', { nullable: true }),
    country: t.exposeString('country', { nullable: true }),
  }),
});

export const AddressInput = builder.inputType('AddressInput', {
  fields: (t) => ({
    address: t.string(),
    streetNumber: t.string(),
    postalCode: t.string(),
    city: t.string(),
    province: t.string(),
    country: t.string(),
  }),
});
