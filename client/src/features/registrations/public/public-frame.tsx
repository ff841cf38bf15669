// The public registration pages' frame (components/ui/public-frame.tsx, shared with the other public links), a card
// for the step and a step indicator for the form's steps.
import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';
export { PublicFrame } from '../../../components/ui/public-frame';

/** The card holding a step: its heading (focused on each change of step) and its content. */
export const StepCard = forwardRef<HTMLHeadingElement, { title: string; description?: ReactNode; children: ReactNode }>(function StepCard({ title, description, children }, ref) {
  return (
    <Box as="section" bg="bg" borderWidth="1px" borderRadius="xl" shadow="sm" p={{ base: '4', md: '8' }} aria-labelledby="passo-titolo">
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h2" id="passo-titolo" ref={ref} tabIndex={-1} size="xl" outline="none" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}>
            {title}
          </Heading>
          {description && <Text color="fg.muted">{description}</Text>}
        </Stack>
        {children}
      </Stack>
    </Box>
  );
});

/** The steps as an ordered list: done, current (aria-current) and to come; the names shown from tablets up. */
export function StepProgress({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <Box as="nav" aria-label="Passi dell'iscrizione">
      <Text fontSize="sm" fontWeight="medium" color="fg.muted" mb="2">
        Passo {current + 1} di {steps.length}: <Box as="span" color="fg">{steps[current]}</Box>
      </Text>
      <Flex as="ol" gap="1.5" listStyleType="none" m="0" p="0">
        {steps.map((label, i) => (
          <Box as="li" key={label} flex="1" minW="0" aria-current={i === current ? 'step' : undefined}>
            <Box h="1.5" borderRadius="full" bg={i <= current ? 'brand.solid' : 'border.emphasized'} />
            <Text display={{ base: 'none', md: 'block' }} mt="1.5" fontSize="xs" color={i === current ? 'fg' : 'fg.muted'} fontWeight={i === current ? 'semibold' : 'normal'} truncate>
              <Box as="span" srOnly>
                {i < current ? 'Completato: ' : i === current ? 'Passo attuale: ' : 'Da fare: '}
              </Box>
              {label}
            </Text>
            <Text display={{ base: 'block', md: 'none' }} srOnly>
              {i < current ? 'Completato: ' : i === current ? 'Passo attuale: ' : 'Da fare: '}
              {label}
            </Text>
          </Box>
        ))}
      </Flex>
    </Box>
  );
}
