import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { readMutationResult } from '../../client/src/lib/mutation-result';

type SaveResult =
  | { __typename: 'MutationSavePersonSuccess'; data: { message: string; role: { id: string } } }
  | { __typename: 'ValidationError'; code: string; message: string; fields: { field: string; message: string }[] }
  | { __typename: 'ConflictError'; code: string; message: string; fields: { field: string; message: string }[] }
  | { __typename: 'NotFoundError'; code: string; message: string };

const read = (r: SaveResult | null) => readMutationResult<SaveResult>(r);

describe('reading a mutation result union', () => {
  it('a Success member gives its data', () => {
    const outcome = read({ __typename: 'MutationSavePersonSuccess', data: { message: MSG.athleteCreated, role: { id: 'r1' } } });
    expect(outcome).toEqual({ ok: true, data: { message: MSG.athleteCreated, role: { id: 'r1' } } });
  });

  it('a ValidationError gives its message and the first message per field path', () => {
    const outcome = read({
      __typename: 'ValidationError',
      code: 'VALIDATION',
      message: MSG.invalidFields,
      fields: [
        { field: 'profile.firstname', message: MSG.firstnameRequired },
        { field: 'profile.firstname', message: MSG.textTooLong },
        { field: 'details.coachValidityEndDate', message: MSG.validityEndBeforeStart },
      ],
    });
    expect(outcome).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: MSG.invalidFields,
      fieldErrors: { 'profile.firstname': MSG.firstnameRequired, 'details.coachValidityEndDate': MSG.validityEndBeforeStart },
    });
  });

  it('a ConflictError naming a field puts its message under that field too', () => {
    const message = MSG.roleExists('Atleta');
    const outcome = read({ __typename: 'ConflictError', code: 'CONFLICT', message, fields: [{ field: 'profile.taxIdCode', message }] });
    expect(outcome).toMatchObject({ ok: false, message, fieldErrors: { 'profile.taxIdCode': message } });
  });

  it('any other error gives its message and no field errors; nothing at all is unexpected', () => {
    expect(read({ __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.notFound })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: MSG.notFound,
      fieldErrors: {},
    });
    expect(read(null)).toMatchObject({ ok: false, message: MSG.unexpected, fieldErrors: {} });
  });
});
