// Native <select> styled by Chakra (best on phones and with screen readers).
import { NativeSelect } from '@chakra-ui/react';
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
