// A club colour: the browser's colour picker and the hex text side by side, kept in step. The text accepts
// "#rrggbb" as typed; an empty value means "no colour" (the CampoBase green stays). A field of the surrounding
// SchemaForm, by name.
import { chakra, HStack, Input } from '@chakra-ui/react';
import { useController } from 'react-hook-form';
import { ConnectedField } from '../../../components/form';
import { isHexColor } from '../club-palette';

export interface ColorFieldProps {
  label: string;
  /** The field of the surrounding SchemaForm holding the hex text. */
  name: string;
  /** What the picker shows while the value is empty or being typed. */
  fallback: string;
}

export function ColorField({ label, name, fallback }: ColorFieldProps) {
  const { field } = useController({ name });
  const value = String(field.value ?? '');
  const normalised = value.trim().toLowerCase();
  return (
    <ConnectedField name={name} label={label} helper="Formato #rrggbb; vuoto per il colore predefinito.">
      <HStack gap="2" w="full">
        {/* A plain input: Chakra's Input would take the field's id, which belongs to the hex text. */}
        <chakra.input
          type="color"
          aria-label={`${label}: selettore`}
          value={isHexColor(normalised) ? normalised : fallback}
          onChange={(e) => field.onChange(e.target.value)}
          w="14"
          h="10"
          p="1"
          flexShrink={0}
          cursor="pointer"
          borderWidth="1px"
          borderRadius="md"
          bg="bg"
        />
        <Input
          ref={field.ref}
          name={field.name}
          value={value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder="#1e40af"
          maxLength={7}
          fontFamily="mono"
          spellCheck={false}
          autoComplete="off"
        />
      </HStack>
    </ConnectedField>
  );
}
