// "Passo 2 di 4 · La tua società" plus a progress bar (the spec's 30/60/90/100 %).
import { HStack, Progress, Text } from '@chakra-ui/react';

export function WizardProgress({ step, total, title, percent, label }: { step: number; total: number; title: string; percent: number; label: string }) {
  return (
    <Progress.Root value={percent} size="sm" colorPalette="brand" aria-label={label}>
      <HStack justify="space-between" mb="2" gap="3">
        <Text fontSize="sm" color="fg.muted">
          Passo {step} di {total} · <Text as="span" color="fg" fontWeight="medium">{title}</Text>
        </Text>
        <Progress.ValueText fontSize="sm" color="fg.muted" />
      </HStack>
      <Progress.Track borderRadius="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
