// A button that copies a text (a code, a secret) to the clipboard and says so; without a clipboard (an insecure
// origin, a denied permission) the text stays on screen to be copied by hand, and the button says that instead.
import { Button, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ClipboardIcon } from '../../../components/icons';

export function CopyButton({ text, label, copiedLabel = 'Copiato', ...props }: { text: string; label: string; copiedLabel?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <Button type="button" size="sm" variant="outline" onClick={() => void copy()} {...props}>
        <ClipboardIcon />
        {state === 'copied' ? copiedLabel : state === 'failed' ? 'Copia a mano' : label}
      </Button>
      <VisuallyHidden role="status">
        {state === 'copied' ? 'Copiato negli appunti.' : state === 'failed' ? 'Copia non riuscita: seleziona il testo e copialo a mano.' : ''}
      </VisuallyHidden>
    </>
  );
}
