// Native <select> styled by Chakra (best on phones and with screen readers). Inside a read-only field it shows the
// chosen option's label in a read-only input: a native select has no read-only state.
import { Input, NativeSelect, useFieldContext } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectInputProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  options: readonly SelectOption[];
  placeholder?: string;
}

export function SelectInput({ name, value, onChange, options, placeholder }: SelectInputProps) {
  const readOnly = useFieldContext()?.readOnly ?? false;
  if (readOnly) return <Input name={name} value={options.find((o) => o.value === value)?.label ?? ''} readOnly />;
  return (
    <NativeSelect.Root>
      <NativeSelect.Field name={name} value={value} onChange={onChange} placeholder={placeholder}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
