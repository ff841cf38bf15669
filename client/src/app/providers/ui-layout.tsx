// Layout route that brings in Chakra UI and the toaster. Lazy: the public home does not load Chakra.
import { ChakraProvider } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { Toaster } from '../../components/ui/toaster';
import { system } from './theme';

export default function UiLayout() {
  return (
    <ChakraProvider value={system}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <Toaster />
    </ChakraProvider>
  );
}
