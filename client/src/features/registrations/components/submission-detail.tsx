// One submission in the queue's side panel: who registered, each person with what was asked (answers under their
// question's label, the certificate's data, the documents to open), the consents, the signature (signer, day and
// time, IP, SHA-256, the signed PDF) and, per person, whether the registry already holds them (the approval then
// uses and completes that profile).
import { Badge, Box, Button, Code, DataList, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CONSENT_PURPOSE_LABELS } from '../../../../../schema/validation/consents';
import { REGISTRATION_DOCUMENT_LABELS, SUBMISSION_STATUS_LABELS, type RegistrationDocumentKind } from '../../../../../schema/validation/registrations';
import { DownloadIcon, FileIcon } from '../../../components/icons';
import type { RegistrationQueue_SubmissionsQuery } from '../../../gql/graphql';
import { downloadAuthorizedFile, openAuthorizedFile } from '../../../lib/authorized-file';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CERTIFICATE_TYPE_LABELS, italianDateTime, italianDay, SUBMISSION_STATUS_COLORS } from '../registration-labels';

export type Submission = RegistrationQueue_SubmissionsQuery['registrationSubmissions']['items'][number];
type Match = Submission['registryMatches'][number];

export const personName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box as="section" aria-labelledby={id} borderTopWidth="1px" pt="4">
      <Heading as="h3" size="sm" id={id} mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Items({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {shown.map(([label, value]) => (
        <DataList.Item key={label} flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
          <DataList.ItemLabel minW={{ base: '100%', sm: '40%' }}>{label}</DataList.ItemLabel>
          <DataList.ItemValue overflowWrap="anywhere">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/**
 * "Già in anagrafica": the person the approval will use. A registered person is looked up in the athletes' list by
 * tax code (the registry's search reads it); a parent may hold no role yet, so only their name is shown.
 */
function MatchNote({ match, athlete }: { match: Match | null | undefined; athlete: boolean }) {
  if (!match) return null;
  return (
    <Box bg="blue.subtle" borderRadius="md" px="3" py="2" fontSize="sm" mb="2">
      <Text>
        Già in anagrafica: verrà usato e completato il profilo esistente{athlete ? '. ' : ` (${personName(match)}, ${match.taxIdCode}).`}
        {athlete && (
          <Link asChild fontWeight="semibold" colorPalette="brand">
            <RouterLink to={`/athlete?q=${encodeURIComponent(match.taxIdCode)}`}>{`Cerca ${personName(match)} tra gli atleti`}</RouterLink>
          </Link>
        )}
      </Text>
    </Box>
  );
}

async function openFile(url: string) {
  try {
    await openAuthorizedFile(url);
  } catch (error) {
    notify(MESSAGE_LEVEL.error, `Apertura non riuscita: ${messageOfError(error)}`);
  }
}

export function SubmissionDetail({ submission }: { submission: Submission }) {
  const { content } = submission;
  const status = submission.status;
  const questions = submission.form.settings.questions;
  const [downloading, setDownloading] = useState(false);
  const registrantMatch = submission.registryMatches[0];

  const downloadPdf = async () => {
    if (!submission.pdfPath) return;
    setDownloading(true);
    try {
      await downloadAuthorizedFile(submission.pdfPath, `iscrizione-${content.registrant.lastname.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-firmata.pdf`);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, `Download non riuscito: ${messageOfError(error)}`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={SUBMISSION_STATUS_COLORS[status]}>{SUBMISSION_STATUS_LABELS[status]}</Badge>
        <Text fontSize="sm" color="fg.muted">
          {`Modulo «${submission.form.title}»`}
        </Text>
      </HStack>
      {submission.reason && (
        <Box bg="bg.muted" borderRadius="md" px="3" py="2" fontSize="sm">
          <Text fontWeight="semibold">Motivo comunicato</Text>
          <Text whiteSpace="pre-wrap">{submission.reason}</Text>
        </Box>
      )}

      <Block title={content.self ? 'Iscrizione personale' : 'Chi iscrive'}>
        {!content.self && <MatchNote match={registrantMatch} athlete={false} />}
        <Items
          items={[
            ['Nome', personName(content.registrant)],
            ['Codice fiscale', content.registrant.taxIdCode],
            ['Email', content.registrant.email],
            ['Cellulare', content.registrant.phonePrimary],
            ...(content.self ? [] : ([['Relazione', content.registrant.relationship === 'tutore' ? 'Tutore' : 'Genitore']] as [string, ReactNode][])),
          ]}
        />
      </Block>

      {content.people.map((person, index) => {
        const address = person.address;
        const documents = submission.documents.filter((d) => d.personIndex === index);
        return (
          <Block key={`${person.taxIdCode}-${index}`} title={content.self ? 'Dati della persona' : `Persona iscritta: ${personName(person)}`}>
            <MatchNote match={submission.registryMatches[index + 1]} athlete />
            <Items
              items={[
                ['Nome', personName(person)],
                ['Codice fiscale', person.taxIdCode],
                ['Email', person.emailPrimary],
                ['Cellulare', person.phonePrimary],
                ['Luogo di nascita', person.birthplace],
                ['Cittadinanza', person.nationality],
                [
                  'Indirizzo',
                  address && (address.address || address.city)
                    ? [[address.address, address.streetNumber].filter(Boolean).join(' '), [address.postalCode, address.city, address.province && `(${address.province})`].filter(Boolean).join(' ')]
                        .filter(Boolean)
                        .join(', ')
                    : null,
                ],
                ...person.answers.map((a): [string, ReactNode] => [
                  questions.find((q) => q.id === a.questionId)?.label ?? a.questionId,
                  typeof a.yes === 'boolean' ? (a.yes ? 'Sì' : 'No') : a.text,
                ]),
                [
                  'Certificato medico',
                  person.certificate
                    ? `${CERTIFICATE_TYPE_LABELS[person.certificate.type] ?? person.certificate.type}, rilasciato il ${italianDay(person.certificate.issuedOn)}, scade il ${italianDay(person.certificate.expiresOn)}${person.certificate.issuer ? `, ${person.certificate.issuer}` : ''}`
                    : null,
                ],
              ]}
            />
            {documents.length > 0 && (
              <Stack as="ul" listStyleType="none" gap="2" mt="3" aria-label={`Documenti di ${personName(person)}`}>
                {documents.map((d) => (
                  <li key={d.id}>
                    <Button size="sm" variant="outline" onClick={() => void openFile(d.file.url)} maxW="100%">
                      <FileIcon />
                      <Text as="span" truncate>{`${REGISTRATION_DOCUMENT_LABELS[d.kind as RegistrationDocumentKind] ?? d.kind}: ${d.file.filename}`}</Text>
                    </Button>
                  </li>
                ))}
              </Stack>
            )}
          </Block>
        );
      })}

      <Block title="Consensi">
        <Stack as="ul" listStyleType="none" gap="1" fontSize="sm">
          {content.consents.map((c) => (
            <HStack as="li" key={c.purpose} justify="space-between" gap="2">
              <Text>{CONSENT_PURPOSE_LABELS[c.purpose] ?? c.purpose}</Text>
              <Badge colorPalette={c.granted ? 'green' : 'red'}>{c.granted ? 'Dato' : 'Negato'}</Badge>
            </HStack>
          ))}
        </Stack>
      </Block>

      <Block title="Firma">
        <Items
          items={[
            ['Firmato da', submission.signerName],
            ['Data e ora', submission.signedAt ? italianDateTime(submission.signedAt) : null],
            ['Indirizzo IP', submission.signedIp],
            [
              'Impronta SHA-256',
              submission.contentHash ? (
                <Code fontSize="xs" overflowWrap="anywhere" whiteSpace="normal">
                  {submission.contentHash}
                </Code>
              ) : null,
            ],
            ['Email', submission.email],
          ]}
        />
        {submission.pdfPath && (
          <Button size="sm" variant="outline" mt="3" onClick={() => void downloadPdf()} disabled={downloading}>
            <DownloadIcon />
            {downloading ? 'Preparazione...' : 'Scarica PDF firmato'}
          </Button>
        )}
      </Block>
    </Stack>
  );
}
