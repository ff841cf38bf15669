import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { signUpCredentialsStep, signUpProfileStep } from '../../schema/validation/auth';
import { fieldErrorsFromServer, layoutErrors, validate } from '../../client/src/lib/form-errors';

describe('sign-up step validation as the forms show it', () => {
  it('an empty profile step: one message above the form, every field marked', () => {
    const result = validate(signUpProfileStep, { taxIdCode: '', firstname: '', lastname: '', birthday: '', role: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const layout = layoutErrors(result.errors, [MSG.signupStep1]);
    expect(layout.summary).toBe(MSG.signupStep1);
    expect([...layout.invalid].sort()).toEqual(['birthday', 'firstname', 'lastname', 'role', 'taxIdCode']);
    expect(layout.messages).toEqual({});
  });

  it('a field-specific message goes under its field', () => {
    const result = validate(signUpCredentialsStep, { email: 'mario@example.it', password: 'password123', passwordConfirmation: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const layout = layoutErrors(result.errors, [MSG.credentialsRequired]);
    expect(layout.summary).toBeUndefined();
    expect(layout.messages).toEqual({ passwordConfirmation: MSG.passwordsDiffer });
  });

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
