// "Ordina per": a list's sort as a labelled select (phones and desks alike; on a desk some lists also sort from
// their column headers).
import { Box, Field } from '@chakra-ui/react';
import { SelectInput } from './select-field';

export interface SortSelectProps<V extends string> {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

export function SortSelect<V extends string>({ value, options, onChange }: SortSelectProps<V>) {
  return (
    <Field.Root orientation="horizontal" gap="2" w={{ base: 'full', md: 'auto' }} flexShrink={0}>
      <Field.Label flex="none">Ordina per</Field.Label>
      <Box width={{ base: 'full', md: '64' }}>
        <SelectInput
          name="ordina"
          value={value}
          options={options}
          onChange={(e) => {
            const picked = options.find((o) => o.value === e.target.value);
            if (picked) onChange(picked.value);
          }}
        />
      </Box>
    </Field.Root>
  );
}
