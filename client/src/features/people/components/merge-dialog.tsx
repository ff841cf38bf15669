// "Unisci": the user chooses which profile stays (the older one is proposed), reads what will happen, and confirms.
// The server's answer is a toast on success, an Italian message in the dialog otherwise.
import { useMutation } from '@apollo/client/react';
import { Box, Button, Fieldset, List, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { MergePeopleMutation } from '../duplicates-documents';
import { mergePlan, personName } from '../merge-plan';
import { formatDay, formatInstantDay, type DuplicatePair } from './duplicate-pair-card';

export function MergeDialog({ pair, onClose, onMerged }: { pair: DuplicatePair | null; onClose: () => void; onMerged: () => void }) {
  return (
    <FormDialog open={pair !== null} title="Unisci i due profili" onClose={onClose}>
      {/* keyed: a new pair starts with the older profile chosen and no message */}
      {pair && <MergeForm key={`${pair.first.id}|${pair.second.id}`} pair={pair} onClose={onClose} onMerged={onMerged} />}
    </FormDialog>
  );
}

function MergeForm({ pair, onClose, onMerged }: { pair: DuplicatePair; onClose: () => void; onMerged: () => void }) {
  const [keepId, setKeepId] = useState(pair.first.id);
  const [error, setError] = useState<string>();
  const [merge, { loading }] = useMutation(MergePeopleMutation);
  const keep = keepId === pair.first.id ? pair.first : pair.second;
  const merged = keep === pair.first ? pair.second : pair.first;
  const bothLinked = pair.first.hasLinkedAccount && pair.second.hasLinkedAccount;

  async function confirm() {
    setError(undefined);
    try {
      const { data } = await merge({
        variables: { keepId: keep.id, mergeId: merged.id },
        // The merged profile is gone: out of the cache, and every list on screen asks again.
        update: (cache, { data: answer }) => {
          if (answer?.mergePeople.__typename !== 'MutationMergePeopleSuccess') return;
          cache.evict({ id: cache.identify({ __typename: 'Person', id: merged.id }) });
          cache.gc();
        },
        refetchQueries: 'active',
      });
      const outcome = readMutationResult(data?.mergePeople);
      if (!outcome.ok) {
        setError(outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      onMerged();
    } catch (e) {
      setError(messageOfError(e));
    }
  }

  return (
    <Stack gap="5">
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="medium" mb="2">
          Quale profilo vuoi tenere?
        </Fieldset.Legend>
        <RadioGroup.Root name="keep" value={keepId} onValueChange={(d) => d.value && setKeepId(d.value)} disabled={loading}>
          <Stack gap="2">
            {[pair.first, pair.second].map((person) => (
              <RadioGroup.Item key={person.id} value={person.id} alignItems="flex-start" borderWidth="1px" borderRadius="lg" p="3">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator mt="1" />
                <RadioGroup.ItemText>
                  <Text as="span" display="block" fontWeight="semibold">
                    {personName(person)}
                  </Text>
                  <Text as="span" display="block" fontSize="sm" color="fg.muted" fontFamily="mono" wordBreak="break-all">
                    {person.taxIdCode}
                  </Text>
                  <Text as="span" display="block" fontSize="sm" color="fg.muted">
                    {person.birthday ? `Nato/a il ${formatDay(person.birthday)} · ` : ''}inserito il {formatInstantDay(person.createdAt)}
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Fieldset.Root>

      <Box>
        <Text fontWeight="medium" mb="2">
          Cosa succede
        </Text>
        <Text fontSize="sm" mb="2">
          Resta il profilo di <strong>{personName(keep)}</strong> ({keep.taxIdCode}), con il suo nome e il suo codice fiscale. Il profilo di{' '}
          <strong>{personName(merged)}</strong> ({merged.taxIdCode}) viene unito a questo ed eliminato.
        </Text>
        <List.Root gap="1" ps="5" fontSize="sm">
          {mergePlan(keep, merged).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List.Root>
      </Box>

      {bothLinked && (
        <FormAlert status="warning" message="Entrambi i profili sono collegati a un account: se gli account sono diversi l'unione non è possibile." />
      )}
      <FormAlert status="info" message="L'unione non si può annullare." />
      <FormAlert message={error} />

      <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
        <Button variant="outline" onClick={onClose} disabled={loading}>
          Annulla
        </Button>
        <Button colorPalette="red" onClick={() => void confirm()} loading={loading} loadingText="Unione in corso...">
          Unisci profili
        </Button>
      </Stack>
    </Stack>
  );
}
