// Chakra v3 toaster: one store (`toaster`) and the component that renders it (mounted once by the UI provider).
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from '../../../../schema/constants';

// Where a toast never holds a click back for its 4 s: on a desk, bottom left, away from a side panel's close and
// save buttons (right) and the profile menu (top right); on a phone, along the top, where taps go through it (below).
// Read once: a window does not cross the phone breakpoint (md, 48em) in use.
const PHONE = typeof window !== 'undefined' && window.matchMedia('(max-width: 47.99em)').matches;

export const toaster = createToaster({
  placement: PHONE ? 'top' : 'bottom-start',
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  max: 4,
});

const TOAST_CSS = {
  '&[data-type=success]': { bg: 'brand.solid', color: 'brand.contrast' },
  // the toast machine sets pointer-events inline on the toast: only !important lets taps through on a phone
  mdDown: { pointerEvents: 'none !important' },
} as const;

// On a phone a toast spans the top, over the top bar or a panel's header: taps go through it to what is under it
// (the menu, a panel's close button) instead of waiting for it to fade, so it has no close button there either. It
// is read out as before (a live region) and leaves after its 4 s.
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          // No accessible name from the title: a live region is read out by its content anyway, and a toast that
          // says "...email" must not become a second match for getByLabel('Email') while it is on screen.
          // Success toasts wear the brand colour: the club's in the admin area (its variables are on <html>, the
          // toaster's portal is under <body>), with the text colour chosen to read on it; CampoBase green elsewhere.
          <Toast.Root width={{ md: 'sm' }} aria-labelledby="" css={TOAST_CSS}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Chiudi notifica" hideBelow="md" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
