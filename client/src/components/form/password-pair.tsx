// A new password and its confirmation, side by side on a desk and stacked on a phone (sign-up, password reset,
// change of password). The shared schema checks the rules and that the two match.
import { SimpleGrid } from '@chakra-ui/react';
import { PasswordField } from './fields';

export interface PasswordPairProps {
  name: string;
  confirmName: string;
  label?: string;
  confirmLabel?: string;
  helper?: string;
  /** Columns on a desk: 2 beside each other, 1 stacked. */
  columns?: 1 | 2;
  /** Only the two fields, without a grid of their own: for a stack or a grid the form lays out itself. */
  bare?: boolean;
}

export function PasswordPair({
  name,
  confirmName,
  label = 'Password',
  confirmLabel = 'Conferma password',
  helper = 'Almeno 8 caratteri.',
  columns = 2,
  bare = false,
}: PasswordPairProps) {
  const fields = (
    <>
      <PasswordField name={name} label={label} required helper={helper} autoComplete="new-password" />
      <PasswordField name={confirmName} label={confirmLabel} required autoComplete="new-password" />
    </>
  );
  if (bare) return fields;
  return (
    <SimpleGrid columns={{ base: 1, md: columns }} gap="4">
      {fields}
    </SimpleGrid>
  );
}
