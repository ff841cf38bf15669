// One number of the dashboard in a card. With `to`, the whole card is the link to the list behind the number
// (its accessible name reads label, number and hint); without, the card may hold its own links (`children`).
import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface StatCardProps {
  label: string;
  value: number;
  hint?: ReactNode;
  to?: string;
  /** A coloured mark before the label (the chart's colour of the kind). */
  accent?: string;
  tone?: 'default' | 'warning' | 'danger';
  children?: ReactNode;
}

const TONE_COLOR = { default: 'fg', warning: 'orange.fg', danger: 'red.fg' } as const;

export function StatCard({ label, value, hint, to, accent, tone = 'default', children }: StatCardProps) {
  const body = (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted" fontWeight="medium" display="flex" alignItems="center" gap="2">
        {accent && <Box as="span" aria-hidden boxSize="2.5" borderRadius="full" bg={accent} flexShrink={0} />}
        {label}
      </Text>
      <Text fontSize="3xl" fontWeight="bold" lineHeight="1.1" color={value > 0 ? TONE_COLOR[tone] : 'fg'}>
        {value}
      </Text>
      {hint && (
        <Text fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      )}
    </Stack>
  );
  const frame = { bg: 'bg', borderWidth: '1px', borderRadius: 'xl', p: { base: '4', md: '5' }, h: '100%' } as const;
  if (!to) {
    return (
      <Box {...frame} as="section" aria-label={label}>
        {body}
        {children}
      </Box>
    );
  }
  return (
    <Box
      asChild
      {...frame}
      display="block"
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: 'brand.solid', boxShadow: 'sm' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
    >
      <RouterLink to={to}>{body}</RouterLink>
    </Box>
  );
}

export function StatCardSkeleton() {
  return (
    <Stack gap="2" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
      <Skeleton h="4" w="60%" />
      <Skeleton h="8" w="30%" />
      <Skeleton h="3" w="80%" />
    </Stack>
  );
}
