// "Passo 2 di 4" plus a progress bar (the spec's 30/60/90/100 % at sign-up).
import { HStack, Progress, Text } from '@chakra-ui/react';

export function WizardProgress({ step, total, percent, label }: { step: number; total: number; percent: number; label: string }) {
  return (
    <Progress.Root value={percent} size="sm" colorPalette="brand" aria-label={label}>
      <HStack justify="space-between" mb="2" gap="3">
        <Text fontSize="sm" color="fg.muted">
          Passo {step} di {total}
        </Text>
        <Progress.ValueText fontSize="sm" color="fg.muted" />
      </HStack>
      <Progress.Track borderRadius="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
