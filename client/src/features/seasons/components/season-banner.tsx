// Under the top bar while another season than the current one is looked at: which one, read-only when it is closed,
// and the way back to the current season.
import { Alert, Button, Flex } from '@chakra-ui/react';
import type { SeasonView } from '../../../lib/season-view';

export function SeasonBanner({ view }: { view: SeasonView }) {
  if (!view.isOtherSeason || !view.chosen) return null;
  const text = view.readOnly
    ? `Stai consultando la stagione ${view.chosen.label}: sola lettura`
    : `Stai consultando la stagione ${view.chosen.label} (in preparazione)`;
  return (
    <Alert.Root status={view.readOnly ? 'warning' : 'info'} borderRadius="0" px={{ base: '3', md: '6' }} py="2" role="region" aria-label="Stagione consultata" data-testid="season-banner">
      <Flex align="center" gap="3" wrap="wrap" flex="1">
        {/* at least 12rem, so on a phone the button goes under the text rather than squeezing it */}
        <Alert.Title flex="1 1 12rem" fontWeight="medium">
          {text}
        </Alert.Title>
        <Button size="xs" variant="outline" colorPalette="gray" bg="bg" onClick={() => view.choose(null)}>
          Torna alla stagione corrente{view.current ? ` (${view.current.label})` : ''}
        </Button>
      </Flex>
    </Alert.Root>
  );
}
