// "Certificati medici" of an athlete in the personal area: the state and expiry of the latest certificate, the ones
// sent from here with their state (and the club's reason when refused), the history the club keeps, and "Carica un
// nuovo certificato": the staff's own form and rules (components/certificates), the file required; the certificate
// joins the history when the club approves it. One waiting at a time; an account that may not send one (`may`: a
// minor's own) only reads.
import { useMutation } from '@apollo/client/react';
import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { clubDate } from '../../../../../schema/club-time';
import { MSG } from '../../../../../schema/messages';
import { FAMILY_MSG } from '../../../../../schema/messages-family';
import { CertificateFields } from '../../../components/certificates/certificate-fields';
import { certificateFormSchema, emptyCertificateFields, type CertificateInput } from '../../../components/certificates/certificate-form-values';
import { SchemaForm, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { UploadIcon } from '../../../components/icons';
import { CertificateBadge } from '../../../components/ui/certificate-badge';
import { FormAlert } from '../../../components/ui/form-alert';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { SubmitCertificateMutation } from '../family-area-documents';
import { CERTIFICATE_STATUS, italianDay, italianDayOf } from '../family-labels';
import { AreaEmpty, AreaItem, AreaSection, AreaSubsection } from './area-section';
import type { FamilyPersonPage } from './person-data-section';

function UploadForm({ personId, onSent, onCancel }: { personId: string; onSent: (message: string) => Promise<void>; onCancel: () => void }) {
  const today = clubDate(new Date());
  const schema = useMemo(() => certificateFormSchema(personId, today), [personId, today]);
  const form = useSchemaForm(schema, emptyCertificateFields());
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const [submit] = useMutation(SubmitCertificateMutation);

  const send = async (input: CertificateInput): Promise<SubmitOutcome> => {
    if (fileProblem) return { ok: false, message: MSG.invalidFields };
    if (!input.file) return { ok: false, message: FAMILY_MSG.familyCertificateFileRequired, fieldErrors: { file: FAMILY_MSG.familyCertificateFileRequired } };
    const outcome = readMutationResult((await submit({ variables: { input } })).data?.submitMyCertificate);
    if (!outcome.ok) return outcome;
    await onSent(outcome.data.message);
  };

  return (
    <SchemaForm form={form} onSubmit={send} aria-label="Carica un nuovo certificato">
      <CertificateFields today={today} fileProblem={fileProblem} onFileProblem={setFileProblem} fileRequired />
      <HStack gap="3" wrap="wrap">
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Invio in corso..." flex={{ base: '1', sm: 'initial' }}>
          Invia alla società
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={form.formState.isSubmitting} flex={{ base: '1', sm: 'initial' }}>
          Annulla
        </Button>
      </HStack>
    </SchemaForm>
  );
}

export function PersonCertificatesSection({ person, onSaved }: { person: FamilyPersonPage; onSaved: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const state = person.certificateState;
  if (!state) return null;
  const latest = person.certificates[0];
  const waiting = person.certificateSubmissions.some((s) => s.status === 'in_attesa');
  const editable = person.may.certificates;

  return (
    <AreaSection id="certificati" title="Certificati medici" description="Il certificato serve per allenarsi e giocare: la società lo controlla prima che scada.">
      <Flex gap="2" align="center" wrap="wrap" role="group" aria-label="Stato del certificato">
        <Text fontWeight="semibold">Stato</Text>
        <CertificateBadge state={state} />
        {latest && (
          <Text fontSize="sm" color="fg.muted">
            {`scade il ${italianDay(latest.expiresOn)}`}
          </Text>
        )}
      </Flex>

      {sent && <FormAlert status="success" message={sent} />}
      {editable && waiting && !sent && <FormAlert status="info" message={FAMILY_MSG.familyCertificatePending} />}
      {editable && !waiting && (
        <Button
          ref={openButton}
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          variant={open ? 'outline' : 'solid'}
          onClick={() => {
            setSent(null);
            setOpen((o) => !o);
          }}
          aria-expanded={open}
          aria-controls="nuovo-certificato"
        >
          <UploadIcon boxSize="4" />
          Carica un nuovo certificato
        </Button>
      )}
      {editable && open && (
        <Stack id="nuovo-certificato" gap="3" bg="bg.subtle" borderRadius="lg" p={{ base: '3', md: '4' }}>
          <Text fontSize="sm" color="fg.muted">
            Scrivi i dati del certificato e allega la foto o il PDF: la società lo controlla e, quando lo approva, lo aggiunge allo storico.
          </Text>
          <UploadForm
            personId={person.personId}
            onCancel={() => {
              setOpen(false);
              openButton.current?.focus();
            }}
            onSent={async (message) => {
              notify(MESSAGE_LEVEL.success, message);
              await onSaved().catch(() => undefined);
              setSent(message);
              setOpen(false);
            }}
          />
        </Stack>
      )}

      <AreaSubsection title="Inviati dall’area personale">
        {person.certificateSubmissions.length ? (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Certificati inviati">
            {person.certificateSubmissions.map((s) => {
              const status = CERTIFICATE_STATUS[s.status];
              return (
                <AreaItem key={s.id}>
                  <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                    <Text fontWeight="semibold">{s.type}</Text>
                    <Badge colorPalette={status.color}>{status.label}</Badge>
                  </Flex>
                  <Text fontSize="sm" color="fg.muted" mt="1">
                    {`Rilasciato il ${italianDay(s.issuedOn)} · scade il ${italianDay(s.expiresOn)} · inviato il ${italianDayOf(s.createdAt)}`}
                  </Text>
                  {s.reason && (
                    <Text fontSize="sm" mt="1" overflowWrap="anywhere">
                      {`Motivo della società: ${s.reason}`}
                    </Text>
                  )}
                </AreaItem>
              );
            })}
          </Stack>
        ) : (
          <AreaEmpty>Nessun certificato inviato da qui.</AreaEmpty>
        )}
      </AreaSubsection>

      <AreaSubsection title="Storico">
        {person.certificates.length ? (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Storico dei certificati">
            {person.certificates.map((c) => (
              <AreaItem key={c.id}>
                <Text fontWeight="semibold">{c.type ?? 'Certificato medico'}</Text>
                <Text fontSize="sm" color="fg.muted" mt="1">
                  {[c.issuedOn && `Rilasciato il ${italianDay(c.issuedOn)}`, `scade il ${italianDay(c.expiresOn)}`, c.issuer].filter(Boolean).join(' · ')}
                </Text>
              </AreaItem>
            ))}
          </Stack>
        ) : (
          <AreaEmpty>La società non ha ancora registrato certificati.</AreaEmpty>
        )}
      </AreaSubsection>
    </AreaSection>
  );
}
