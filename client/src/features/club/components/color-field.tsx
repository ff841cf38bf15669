// A club colour: the browser's colour picker and the hex text side by side, kept in step. The text accepts
// "#rrggbb" as typed; an empty value means "no colour" (the CampoBase green stays).
import { chakra, HStack, Input } from '@chakra-ui/react';
import { FormField } from '../../../components/ui/form-field';
import { isHexColor } from '../club-palette';

export interface ColorFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** What the picker shows while the value is empty or being typed. */
  fallback: string;
}

export function ColorField({ label, name, value, onChange, error, fallback }: ColorFieldProps) {
  const normalised = value.trim().toLowerCase();
  return (
    <FormField label={label} error={error} helper="Formato #rrggbb; vuoto per il colore predefinito.">
      <HStack gap="2" w="full">
        {/* A plain input: Chakra's Input would take the field's id, which belongs to the hex text. */}
        <chakra.input
          type="color"
          aria-label={`${label}: selettore`}
          value={isHexColor(normalised) ? normalised : fallback}
          onChange={(e) => onChange(e.target.value)}
          w="14"
          h="10"
          p="1"
          flexShrink={0}
          cursor="pointer"
          borderWidth="1px"
          borderRadius="md"
          bg="bg"
        />
        <Input name={name} value={value} onChange={(e) => onChange(e.target.value)} placeholder="#1e40af" maxLength={7} fontFamily="mono" spellCheck={false} autoComplete="off" />
      </HStack>
    </FormField>
  );
}
