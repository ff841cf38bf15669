// The frame of the sign-in pages and of the invitation door: a brand panel on wide screens, the form card on the
// right (alone on phones). Shared (components/), so a feature's page can stand in it too (app/layouts/auth-layout.tsx).
import { Box, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Wordmark } from './wordmark';
import { useDocumentTitle } from '../../lib/document-title';

export interface AuthFrameProps {
  title: string;
  subtitle?: ReactNode;
  /** Max width of the form column. */
  width?: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthFrame({ title, subtitle, width = 'md', children, footer }: AuthFrameProps) {
  useDocumentTitle(title);
  return (
    <Grid minH="100dvh" templateColumns={{ base: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }}>
      <Flex
        display={{ base: 'none', lg: 'flex' }}
        direction="column"
        justify="space-between"
        p="12"
        color="white"
        bgGradient="to-br"
        gradientFrom="brand.700"
        gradientTo="brand.950"
        position="sticky"
        top="0"
        h="100dvh"
      >
        <RouterLink to="/" aria-label="CampoBase, torna alla home">
          <Wordmark fontSize="2xl" highlightColor="brand.300" />
        </RouterLink>
        <Stack gap="4" maxW="md">
          <Heading as="p" size="3xl" lineHeight="1.15" color="white">
            La tua società sportiva, finalmente in ordine.
          </Heading>
          <Text fontSize="lg" color="whiteAlpha.800">
            Atleti, staff, soci, gruppi e comunicazioni in un unico posto, pensato per le ASD e SSD italiane.
          </Text>
        </Stack>
        <Text fontSize="sm" color="whiteAlpha.700">
          © {new Date().getFullYear()} CampoBase
        </Text>
      </Flex>

      <Flex as="main" direction="column" align="center" px={{ base: '4', md: '8' }} py={{ base: '6', md: '12' }} justify={{ base: 'flex-start', md: 'center' }}>
        <Box w="full" maxW={width}>
          <Box display={{ base: 'block', lg: 'none' }} mb="8">
            <RouterLink to="/" aria-label="CampoBase, torna alla home">
              <Wordmark fontSize="2xl" />
            </RouterLink>
          </Box>
          <Heading as="h1" size="2xl" letterSpacing="-0.01em">
            {title}
          </Heading>
          {subtitle && (
            <Text mt="2" color="fg.muted">
              {subtitle}
            </Text>
          )}
          <Box mt="6" bg="bg" p={{ base: '5', md: '8' }} borderRadius="xl" borderWidth="1px" shadow="sm">
            {children}
          </Box>
          {footer && <Box mt="6">{footer}</Box>}
        </Box>
      </Flex>
    </Grid>
  );
}
