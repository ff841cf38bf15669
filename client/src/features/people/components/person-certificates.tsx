// "Certificati medici" on the person page (issue 14): the state today, the history newest first (type, sport,
// issue and expiry, doctor or centre, the file to open), "Nuovo certificato" and deleting one entered by mistake,
// each after a confirmation. Health data: the owner shows it only to a viewer with health.read (the server answers
// null to anyone else); changes need health.write and the athletes' write permission.
// Its fields: the fragment PersonCertificates_Person in ../person-page-documents.ts (the page's one document).
import { useMutation } from '@apollo/client/react';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CERTIFICATE_TYPE_RULES } from '../../../../../schema/medical-certificates';
import { PlusIcon } from '../../../components/icons';
import { CertificateBadge } from '../../../components/ui/certificate-badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { graphql } from '../../../gql';
import type { PersonCertificates_PersonFragment } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { formatDay } from '../person-dates';
import { CertificateFormDialog } from './certificate-form-dialog';
import { StoredFileLink } from '../../../components/document-input';
import { PageCard } from './page-card';

const DeleteCertificateMutation = graphql(`
  mutation PersonCertificates_Delete($id: ID!) {
    deleteMedicalCertificate(id: $id) {
      __typename
      ... on MutationDeleteMedicalCertificateSuccess {
        data {
          message
        }
      }
      ... on BaseError {
        code
        message
      }
    }
  }
`);

type Certificate = NonNullable<PersonCertificates_PersonFragment['medicalCertificates']>[number];

function CertificateItem({ certificate, latest, onDelete }: { certificate: Certificate; latest: boolean; onDelete?: (() => void) | undefined }) {
  const typeLabel = certificate.type ? CERTIFICATE_TYPE_RULES[certificate.type].label : 'Tipo non indicato';
  const issued = [certificate.issuedOn && `rilasciato il ${formatDay(certificate.issuedOn)}`, certificate.issuer && `da ${certificate.issuer}`].filter(Boolean).join(' ');
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="0.5" minW="0" flex="1 1 12rem">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              {typeLabel}
              {certificate.sport ? ` · ${certificate.sport}` : ''}
            </Text>
            {latest && (
              <Badge size="sm" variant="outline" colorPalette="brand">
                Più recente
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm">Scade il {formatDay(certificate.expiresOn)}</Text>
          {issued && (
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              {issued.charAt(0).toUpperCase() + issued.slice(1)}
            </Text>
          )}
        </Stack>
        <HStack gap="2">
          <CertificateBadge state={certificate.state} />
          {onDelete && (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={onDelete} aria-label={`Elimina il certificato con scadenza ${formatDay(certificate.expiresOn)}`}>
              Elimina
            </Button>
          )}
        </HStack>
      </Flex>
      {certificate.file && (
        <Box mt="2">
          <StoredFileLink file={certificate.file} />
        </Box>
      )}
    </Box>
  );
}

export interface PersonCertificatesProps {
  person: PersonCertificates_PersonFragment;
  personName: string;
  /** The viewer may add and delete certificates (and the athlete role is not archived). */
  canWrite: boolean;
}

export function PersonCertificates({ person, personName, canWrite }: PersonCertificatesProps) {
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Certificate | null>(null);
  const [busy, setBusy] = useState(false);
  const [remove] = useMutation(DeleteCertificateMutation, { refetchQueries: ['PersonPage_PersonRole', 'PersonChanges_List'], awaitRefetchQueries: true });
  const certificates = person.medicalCertificates ?? [];

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      const outcome = readMutationResult((await remove({ variables: { id: deleting.id } })).data?.deleteMedicalCertificate);
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      setDeleting(null);
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageCard
      title="Certificati medici"
      action={
        canWrite && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <PlusIcon />
            Nuovo certificato
          </Button>
        )
      }
    >
      <Stack gap="4">
        {person.certificateStatus && (
          <HStack gap="2" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              Stato oggi
            </Text>
            <CertificateBadge state={person.certificateStatus} size="lg" />
          </HStack>
        )}
        {certificates.length ? (
          <Stack as="ol" gap="3" listStyleType="none" aria-label="Storico dei certificati">
            {certificates.map((certificate, i) => (
              <CertificateItem
                key={certificate.id}
                certificate={certificate}
                latest={i === 0 && certificates.length > 1}
                onDelete={canWrite ? () => setDeleting(certificate) : undefined}
              />
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">Nessun certificato registrato.</Text>
        )}
      </Stack>
      {canWrite && <CertificateFormDialog open={adding} personId={person.id} personName={personName} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Eliminare il certificato?"
        message={
          deleting
            ? `Il certificato con scadenza ${formatDay(deleting.expiresOn)} e il suo file saranno eliminati: usa questa azione solo per un certificato inserito per errore. L'eventuale certificato precedente tornerà a essere quello in vigore.`
            : ''
        }
        confirmLabel="Elimina"
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </PageCard>
  );
}
