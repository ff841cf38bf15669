// "Aggiungi": one button per kind opening its create form (in a modal, owned by the page).
import { Button, Heading, Stack, Wrap } from '@chakra-ui/react';
import { PERSON_KINDS, PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import { PlusIcon } from '../../../components/shell-icons';

/** The form's own title: "Nuovo atleta", "Nuovo accompagnatore"... */
export const newPersonLabel = (kind: PersonKindKey) => `Nuovo ${PERSON_KIND_INFO[kind].singular.toLowerCase()}`;

/**
 * `kinds`: those the member may register (none: no section). `onIntent`: the pointer or the focus reached the buttons
 * (time to fetch the form's code).
 */
export function QuickLinks({
  kinds = PERSON_KINDS,
  onCreate,
  onIntent,
}: {
  kinds?: readonly PersonKindKey[];
  onCreate: (kind: PersonKindKey) => void;
  onIntent?: () => void;
}) {
  if (!kinds.length) return null;
  return (
    <Stack as="section" aria-labelledby="dashboard-quick" gap="3" onPointerEnter={onIntent} onFocus={onIntent}>
      <Heading as="h2" size="md" id="dashboard-quick">
        Aggiungi
      </Heading>
      <Wrap gap="2">
        {kinds.map((kind) => (
          <Button key={kind} variant="outline" size={{ base: 'sm', md: 'md' }} onClick={() => onCreate(kind)}>
            <PlusIcon />
            {newPersonLabel(kind)}
          </Button>
        ))}
      </Wrap>
    </Stack>
  );
}
