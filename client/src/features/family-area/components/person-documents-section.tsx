// "Documenti" of a person in the personal area: what the club shares (the signed registrations it approved), each
// downloaded as the PDF that was signed (GET /api/area/persone/{person}/iscrizioni/{id}/firmata.pdf, with the session).
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DownloadIcon } from '../../../components/icons';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { italianDayOf, slug } from '../family-labels';
import { AreaEmpty, AreaItem, AreaSection } from './area-section';
import type { FamilyPersonPage } from './person-data-section';

type Document = FamilyPersonPage['documents'][number];

function DocumentRow({ personId, document }: { personId: string; document: Document }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadAuthorizedFile(`/api/area/persone/${personId}/iscrizioni/${document.id}/firmata.pdf`, `${slug(document.title)}-firmata.pdf`);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <AreaItem>
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="0.5" minW="0">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {document.title}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {document.signedAt ? `Iscrizione firmata il ${italianDayOf(document.signedAt)}` : 'Iscrizione firmata'}
          </Text>
        </Stack>
        <Button size="sm" variant="outline" onClick={() => void download()} loading={loading} aria-label={`Scarica PDF: ${document.title}`} flexShrink={0}>
          <DownloadIcon boxSize="4" />
          Scarica PDF
        </Button>
      </Flex>
    </AreaItem>
  );
}

export function PersonDocumentsSection({ person }: { person: FamilyPersonPage }) {
  return (
    <AreaSection id="documenti" title="Documenti" description="I documenti che la società condivide con te, come i moduli di iscrizione firmati.">
      {person.documents.length ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Documenti">
          {person.documents.map((d) => (
            <DocumentRow key={d.id} personId={person.personId} document={d} />
          ))}
        </Stack>
      ) : (
        <AreaEmpty>La società non ha ancora condiviso documenti.</AreaEmpty>
      )}
    </AreaSection>
  );
}
