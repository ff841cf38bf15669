// The season in the top bar (issue 35 point 1): the label of the season looked at (the server's current season unless
// another is chosen) and a menu of the club's seasons, the latest first with their status; choosing a past one
// puts the app in its read-only view (lib/season-view.tsx: ?stagione=<label>). Members who may change the register
// prepare the next season from here. Chakra Menu: arrow keys, Enter, Escape, typeahead. On a phone the button shows
// the label alone; its name says what it is.
import { useMutation } from '@apollo/client/react';
import { Box, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ChevronDownIcon } from '../../../components/shell-icons';
import { graphql } from '../../../gql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { SeasonsQuery, type SeasonView } from '../../../lib/season-view';
import { SEASON_STATUS_LABEL } from '../season-status';

export const PrepareNextSeasonMutation = graphql(`
  mutation SeasonSwitcher_PrepareNext {
    saveSeason(input: {}) {
      __typename
      ... on MutationSaveSeasonSuccess {
        data {
          message
          season {
            id
            label
            status
          }
        }
      }
      ...MutationError
    }
  }
`);

const PREPARE = '__prepare__';
const MANAGE = '__manage__';

export function SeasonSwitcher({ view }: { view: SeasonView }) {
  const access = useAccess();
  const navigate = useNavigate();
  const [prepare, { loading: preparing }] = useMutation(PrepareNextSeasonMutation, { refetchQueries: [SeasonsQuery], awaitRefetchQueries: true });
  const [open, setOpen] = useState(false);
  const { chosen, seasons } = view;
  if (!chosen) return null;

  async function prepareNext() {
    try {
      const result = readMutationResult((await prepare()).data?.saveSeason);
      if (!result.ok) {
        notify(MESSAGE_LEVEL.error, result.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, result.data.message);
      void navigate('/stagioni');
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    }
  }

  function select(value: string) {
    if (value === PREPARE) void prepareNext();
    else if (value === MANAGE) void navigate('/stagioni');
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} open={open} onOpenChange={(d) => setOpen(d.open)} onSelect={(d) => select(d.value)}>
      <Menu.Trigger asChild>
        <Button
          variant={view.isOtherSeason ? 'subtle' : 'ghost'}
          colorPalette={view.readOnly ? 'orange' : 'gray'}
          size="sm"
          px="2"
          gap="1"
          flexShrink={0}
          aria-busy={preparing}
          data-testid="season-switcher"
        >
          <VisuallyHidden>Stagione</VisuallyHidden>
          <Text as="span" display={{ base: 'none', sm: 'inline' }} aria-hidden color="fg.muted" fontWeight="normal">
            Stagione
          </Text>
          <Text as="span" fontWeight="semibold">
            {chosen.label}
          </Text>
          <VisuallyHidden>, cambia stagione</VisuallyHidden>
          <ChevronDownIcon boxSize="4" color="fg.muted" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60" maxW="calc(100vw - 2rem)">
            <Menu.RadioItemGroup value={chosen.id} onValueChange={(d) => view.choose(seasons.find((s) => s.id === d.value)?.label ?? null)}>
              <Menu.ItemGroupLabel>Stagioni</Menu.ItemGroupLabel>
              {seasons.map((s) => (
                <Menu.RadioItem key={s.id} value={s.id} cursor="pointer" py="2">
                  <Box flex="1">
                    <Text fontWeight="medium">{s.label}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {SEASON_STATUS_LABEL[s.status]}
                      {s.id === view.current?.id ? ' · corrente' : ''}
                    </Text>
                  </Box>
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            {(access.can('members.write') || access.can('members.read')) && <Menu.Separator />}
            {access.can('members.write') && (
              <Menu.Item value={PREPARE} cursor="pointer" disabled={preparing}>
                Prepara la prossima stagione
              </Menu.Item>
            )}
            {access.can('members.read') && (
              <Menu.Item value={MANAGE} cursor="pointer">
                Gestisci le stagioni
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
