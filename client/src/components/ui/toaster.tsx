// Chakra v3 toaster: one store (`toaster`) and the component that renders it (mounted once by the UI provider).
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from '../../../../schema/constants';

export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  max: 4,
});

const SUCCESS_IN_BRAND = { '&[data-type=success]': { bg: 'brand.solid', color: 'brand.contrast' } } as const;

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          // No accessible name from the title: a live region is read out by its content anyway, and a toast that
          // says "...email" must not become a second match for getByLabel('Email') while it is on screen.
          // Success toasts wear the brand colour: the club's in the admin area (its variables are on <html>, the
          // toaster's portal is under <body>), with the text colour chosen to read on it; CampoBase green elsewhere.
          <Toast.Root width={{ md: 'sm' }} aria-labelledby="" css={SUCCESS_IN_BRAND}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Chiudi notifica" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
