// GraphQL face of the error table (server/lib/errors.ts): each expected error class is an object type that
// mutations list in `errors.types`; unexpected errors are masked by Yoga (no stack, no database text).
import {
  AppError,
  ConflictError,
  ForbiddenError,
  InvalidCredentialsError,
  NotFoundError,
  RateLimitError,
  UnauthenticatedError,
  ValidationError,
} from '../lib/errors';
import { builder } from './builder';

export const BaseErrorRef = builder.interfaceRef<AppError>('BaseError').implement({
  description: 'Every expected failure: a stable code and an Italian message for the user.',
  fields: (t) => ({
    code: t.exposeString('code'),
    message: t.exposeString('message'),
  }),
});

const FieldErrorRef = builder.objectRef<{ field: string; message: string }>('FieldError').implement({
  description: "A message for one input field (the input's camelCase name, dotted for nested fields).",
  fields: (t) => ({ field: t.exposeString('field'), message: t.exposeString('message') }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  interfaces: [BaseErrorRef],
  fields: (t) => ({ fields: t.field({ type: [FieldErrorRef], resolve: (e) => e.fieldList }) }),
});
builder.objectType(ConflictError, {
  name: 'ConflictError',
  interfaces: [BaseErrorRef],
  fields: (t) => ({
    fields: t.field({ type: [FieldErrorRef], resolve: (e) => Object.entries(e.fields).map(([field, message]) => ({ field, message })) }),
  }),
});
builder.objectType(RateLimitError, {
  name: 'RateLimitError',
  interfaces: [BaseErrorRef],
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds') }),
});
// Errors with nothing beyond code and message.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const plainError = (cls: new (...args: any[]) => AppError, name: string) =>
  builder.objectType(cls, { name, interfaces: [BaseErrorRef], fields: () => ({}) });
plainError(InvalidCredentialsError, 'InvalidCredentialsError');
plainError(UnauthenticatedError, 'UnauthenticatedError');
plainError(ForbiddenError, 'ForbiddenError');
plainError(NotFoundError, 'NotFoundError');
