import { describe, expect, it } from 'vitest';
import { signUpProfileStep } from '../../schema/validation/auth';
import { fieldErrorsFromServer, validate } from '../../client/src/lib/form-errors';

describe('sign-up step validation', () => {
  it('valid values come back transformed for the mutation (numbers, upper case)', () => {
    const result = validate(signUpProfileStep, { taxIdCode: 'rssmra80a01h501u', firstname: 'Mario', lastname: 'Rossi', birthday: '1980-01-01', role: '1' });
    expect(result).toEqual({ ok: true, data: { taxIdCode: 'RSSMRA80A01H501U', firstname: 'Mario', lastname: 'Rossi', birthday: '1980-01-01', role: 1 } });
  });
});

describe('fieldErrorsFromServer', () => {
  it('keeps the first message per field', () => {
    expect(
      fieldErrorsFromServer([
        { field: 'email', message: 'a' },
        { field: 'email', message: 'b' },
        { field: 'vatNumber', message: 'c' },
      ]),
    ).toEqual({ email: 'a', vatNumber: 'c' });
  });
});
