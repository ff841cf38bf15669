// Password input with a show/hide toggle. The toggle is a real button whose text says what it does
// ("Mostra" / "Nascondi"); it carries no aria-label, so the field's own label stays the only "Password" label.
import { Button, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../icons';

export type PasswordInputProps = Omit<InputProps, 'type'>;

export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElementProps={{ pe: '1' }}
      endElement={
        <Button
          type="button"
          variant="ghost"
          size="xs"
          colorPalette="gray"
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon boxSize="4" /> : <EyeIcon boxSize="4" />}
          {visible ? 'Nascondi' : 'Mostra'}
        </Button>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} pe="7.5rem" {...props} />
    </InputGroup>
  );
});
