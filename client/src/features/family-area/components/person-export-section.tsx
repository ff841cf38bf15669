// "Scarica i dati" of a person in the personal area (GDPR articles 15 and 20): everything the club holds about the
// person, as JSON (to take elsewhere) or as a readable PDF, with the session (GET /api/area/persone/{person}/dati.*).
import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DownloadIcon } from '../../../components/icons';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { fullName, slug } from '../family-labels';
import { AreaSection } from './area-section';
import type { FamilyPersonPage } from './person-data-section';

type Format = 'json' | 'pdf';

export function PersonExportSection({ person }: { person: FamilyPersonPage }) {
  const [loading, setLoading] = useState<Format | null>(null);
  const name = fullName(person);
  const download = async (format: Format) => {
    setLoading(format);
    try {
      await downloadAuthorizedFile(`/api/area/persone/${person.personId}/dati.${format}`, `dati-${slug(name)}.${format}`);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setLoading(null);
    }
  };
  return (
    <AreaSection
      id="scarica"
      title="Scarica i dati"
      description={`Tutti i dati che ${person.clubName} ha su ${name}: anagrafica, iscrizioni, tessere, certificati, consensi e richieste (GDPR, articoli 15 e 20).`}
    >
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button variant="outline" onClick={() => void download('pdf')} loading={loading === 'pdf'} loadingText="Preparazione...">
          <DownloadIcon boxSize="4" />
          Scarica in PDF
        </Button>
        <Button variant="outline" onClick={() => void download('json')} loading={loading === 'json'} loadingText="Preparazione...">
          <DownloadIcon boxSize="4" />
          Scarica in JSON
        </Button>
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        Il PDF si legge e si stampa; il file JSON serve per portare i dati a un altro servizio.
      </Text>
    </AreaSection>
  );
}
