// /iscrizioni (sidebar "Iscrizioni online", registrations.manage; issue 36 point 3): the club's online registration
// forms, the latest first, each with its season, status, the signed registrations waiting for approval (a link to
// the queue filtered by the form) and the day it was made; "Nuovo modulo" and each form's edit open the editor,
// "Link e QR" the public link (copy, QR code, open). The queue is /iscrizioni/da-approvare.
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { REGISTRATION_FORM_STATUS_LABELS } from '../../../../../schema/validation/registrations';
import { CopyIcon, PencilIcon, PlusIcon } from '../../../components/icons';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { copyFormLink, FormLinkDialog, type LinkedForm } from '../components/form-link-dialog';
import { RegistrationFormDialog, type EditedForm } from '../components/registration-form-dialog';
import { FORM_STATUS_COLORS, formLink, italianDayOf } from '../registration-labels';
import { RegistrationFormsQuery } from '../registrations-documents';

const TITLE = 'Iscrizioni online';

function FormRow({ form, onEdit, onLink }: { form: EditedForm; onEdit: () => void; onLink: () => void }) {
  const status = form.status;
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
      <Stack gap="3">
        <Flex gap="2" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="1" minW="0">
            <Heading as="h2" size="md" overflowWrap="anywhere">
              {form.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {`Stagione ${form.season.label}`}
              {form.group ? ` · Gruppo ${form.group.name}` : ''}
              {` · Creato il ${italianDayOf(form.createdAt)}`}
            </Text>
          </Stack>
          <Badge colorPalette={FORM_STATUS_COLORS[status]} size="md">
            {REGISTRATION_FORM_STATUS_LABELS[status]}
          </Badge>
        </Flex>
        <Text fontSize="sm">
          {form.pendingCount > 0 ? (
            <Link asChild fontWeight="semibold" colorPalette="brand">
              <RouterLink to={`/iscrizioni/da-approvare?modulo=${encodeURIComponent(form.id)}`}>
                {form.pendingCount === 1 ? '1 iscrizione da approvare' : `${form.pendingCount} iscrizioni da approvare`}
              </RouterLink>
            </Link>
          ) : (
            <Text as="span" color="fg.muted">
              Nessuna iscrizione da approvare
            </Text>
          )}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Modifica il modulo ${form.title}`}>
            <PencilIcon />
            Modifica
          </Button>
          <Button size="sm" variant="outline" onClick={() => void copyFormLink(form.path)} aria-label={`Copia il link del modulo ${form.title}`}>
            <CopyIcon />
            Copia link
          </Button>
          <Button size="sm" variant="outline" onClick={onLink} aria-label={`Link e codice QR del modulo ${form.title}`}>
            Link e QR
          </Button>
          <Button size="sm" variant="ghost" asChild>
            <a href={formLink(form.path)} target="_blank" rel="noopener noreferrer" aria-label={`Apri il modulo ${form.title} (si apre in una nuova scheda)`}>
              Apri
            </a>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

export default function RegistrationFormsPage() {
  useDocumentTitle(TITLE);
  const forms = useQuery(RegistrationFormsQuery, { fetchPolicy: 'cache-and-network' });
  const list = forms.data?.registrationForms;
  const [editing, setEditing] = useState<EditedForm | null | undefined>(undefined);
  const [linked, setLinked] = useState<LinkedForm | null>(null);
  const pending = (list ?? []).reduce((n, f) => n + f.pendingCount, 0);

  let body;
  if (forms.error && !list) body = <ListError message={messageOfError(forms.error)} onRetry={() => void forms.refetch().catch(() => undefined)} />;
  else if (!list) body = <ListLoading label="Caricamento dei moduli..." />;
  else if (list.length === 0)
    body = (
      <ListEmpty action={<Button onClick={() => setEditing(null)}>Crea il primo modulo</Button>}>
        Nessun modulo di iscrizione. Un modulo è una pagina pubblica, raggiungibile da un link o da un codice QR, con cui le famiglie iscrivono i figli (o un adulto
        sé stesso) a una stagione: compilano i dati, caricano i documenti, danno i consensi e firmano con un codice ricevuto per email. Tu approvi e le persone
        entrano in anagrafica.
      </ListEmpty>
    );
  else
    body = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Moduli di iscrizione">
        {list.map((form) => (
          <FormRow key={form.id} form={form} onEdit={() => setEditing(form)} onLink={() => setLinked(form)} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="6" maxW="5xl" w="100%">
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {TITLE}
          </Heading>
          <Text color="fg.muted">I moduli con cui le famiglie si iscrivono da un link, e le iscrizioni firmate da approvare.</Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" asChild>
            <RouterLink to="/iscrizioni/da-approvare">{pending > 0 ? `Da approvare (${pending})` : 'Da approvare'}</RouterLink>
          </Button>
          <Button onClick={() => setEditing(null)}>
            <PlusIcon />
            Nuovo modulo
          </Button>
        </HStack>
      </Flex>
      {body}
      <RegistrationFormDialog form={editing} onClose={() => setEditing(undefined)} />
      <FormLinkDialog form={linked} onClose={() => setLinked(null)} />
    </Stack>
  );
}
