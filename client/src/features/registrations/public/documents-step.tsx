// Step "Documenti": per person registered, the documents the form asks (required or optional), each uploaded on
// its own with its progress and the server's message when refused; a file may be replaced until the signature.
import { Badge, Box, Button, Flex, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type Ref } from 'react';
import { MSG } from '../../../../../schema/messages';
import { REGISTRATION_DOCUMENT_LABELS, REGISTRATION_DOCUMENTS, type RegistrationDocumentKind, type RegistrationFormSettings } from '../../../../../schema/validation/registrations';
import { FormAlert } from '../../../components/ui/form-alert';
import { StepCard } from './public-frame';
import { ACCEPT_ATTRIBUTE, fileProblem, uploadRegistrationDocument } from './upload-document';

export interface DocumentSlot {
  personIndex: number;
  personName: string;
  kind: RegistrationDocumentKind;
  required: boolean;
}

/** The documents asked of each person: the certificate only of those whose certificate data were given. */
export function documentSlots(settings: RegistrationFormSettings, people: string[], withCertificate: boolean[]): DocumentSlot[] {
  const slots: DocumentSlot[] = [];
  people.forEach((personName, personIndex) => {
    for (const kind of REGISTRATION_DOCUMENTS) {
      const level = settings.documents[kind];
      if (level === 'no') continue;
      if (kind === 'certificato_medico' && level === 'facoltativo' && !withCertificate[personIndex]) continue;
      slots.push({ personIndex, personName, kind, required: level === 'richiesto' });
    }
  });
  return slots;
}

type SlotState = { state: 'idle' } | { state: 'uploading'; percent: number } | { state: 'error'; message: string };

const slotKey = (slot: { personIndex: number; kind: string }) => `${slot.personIndex}.${slot.kind}`;

export function DocumentsStep({
  headingRef,
  accessToken,
  slots,
  uploads,
  initialErrors,
  onUploaded,
  onDone,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  accessToken: string;
  slots: DocumentSlot[];
  /** Files uploaded so far, by `<personIndex>.<kind>`. */
  uploads: Record<string, string>;
  /** Messages by `people.N.documents.<kind>` (the signature refused for a missing document). */
  initialErrors?: Record<string, string>;
  onUploaded: (key: string, filename: string) => void;
  onDone: () => void;
}) {
  const [states, setStates] = useState<Record<string, SlotState>>(() =>
    Object.fromEntries(Object.entries(initialErrors ?? {}).map(([path, message]) => [path.replace(/^people\.(\d+)\.documents\./, '$1.'), { state: 'error', message }])),
  );
  const [message, setMessage] = useState<string>();
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const uploading = Object.values(states).some((s) => s.state === 'uploading');

  const choose = async (slot: DocumentSlot, file: File | undefined) => {
    if (!file) return;
    const key = slotKey(slot);
    const problem = fileProblem(file);
    if (problem) {
      setStates((s) => ({ ...s, [key]: { state: 'error', message: problem } }));
      return;
    }
    setMessage(undefined);
    setStates((s) => ({ ...s, [key]: { state: 'uploading', percent: 0 } }));
    const outcome = await uploadRegistrationDocument({ accessToken, personIndex: slot.personIndex, kind: slot.kind }, file, (percent) =>
      setStates((s) => ({ ...s, [key]: { state: 'uploading', percent } })),
    );
    if (outcome.ok) {
      onUploaded(key, outcome.filename);
      setStates((s) => ({ ...s, [key]: { state: 'idle' } }));
    } else {
      setStates((s) => ({ ...s, [key]: { state: 'error', message: outcome.message } }));
    }
  };

  const next = () => {
    const missing = slots.filter((slot) => slot.required && !uploads[slotKey(slot)]);
    if (!missing.length) return onDone();
    setStates((s) => ({ ...s, ...Object.fromEntries(missing.map((slot) => [slotKey(slot), { state: 'error', message: MSG.registrationDocumentRequired(REGISTRATION_DOCUMENT_LABELS[slot.kind]) }])) }));
    setMessage('Mancano alcuni documenti richiesti.');
    inputs.current[slotKey(missing[0])]?.focus();
  };

  const people = [...new Set(slots.map((s) => s.personIndex))];
  return (
    <StepCard ref={headingRef} title="Documenti" description="Carica i documenti richiesti: PDF oppure foto (PNG, JPEG, WebP), al massimo 5 MB ciascuno. Puoi sostituire un file fino alla firma.">
      <FormAlert message={message} />
      <Stack gap="5">
        {people.map((personIndex) => (
          <Stack key={personIndex} gap="3" as="section" aria-label={`Documenti di ${slots.find((s) => s.personIndex === personIndex)?.personName}`}>
            <Text fontWeight="semibold" fontSize="lg">
              {slots.find((s) => s.personIndex === personIndex)?.personName}
            </Text>
            {slots
              .filter((s) => s.personIndex === personIndex)
              .map((slot) => {
                const key = slotKey(slot);
                const state = states[key] ?? { state: 'idle' };
                const uploaded = uploads[key];
                const label = REGISTRATION_DOCUMENT_LABELS[slot.kind];
                const inputId = `documento-${key.replace('.', '-')}`;
                const errorId = `${inputId}-errore`;
                return (
                  <Box key={key} position="relative" borderWidth="1px" borderRadius="lg" p="4" borderColor={state.state === 'error' ? 'border.error' : 'border'} data-invalid={state.state === 'error' ? '' : undefined}>
                    <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                      <Flex align="center" gap="2">
                        <Text fontWeight="medium">{label}</Text>
                        <Badge colorPalette={slot.required ? 'red' : 'gray'} variant="subtle">
                          {slot.required ? 'richiesto' : 'facoltativo'}
                        </Badge>
                      </Flex>
                      <input
                        ref={(el) => {
                          inputs.current[key] = el;
                        }}
                        id={inputId}
                        type="file"
                        accept={ACCEPT_ATTRIBUTE}
                        aria-label={`${label} di ${slot.personName}`}
                        aria-invalid={state.state === 'error' || undefined}
                        aria-describedby={state.state === 'error' ? errorId : undefined}
                        disabled={state.state === 'uploading'}
                        className="registration-file-input"
                        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
                        onChange={(event) => {
                          const file = event.target.files?.[0];
                          event.target.value = '';
                          void choose(slot, file);
                        }}
                      />
                      <Button asChild size="sm" variant={uploaded ? 'outline' : 'solid'} colorPalette="brand" aria-disabled={state.state === 'uploading' || undefined} css={{ 'input:focus-visible + &': { outline: '2px solid', outlineColor: 'var(--chakra-colors-brand-solid)', outlineOffset: '2px' } }}>
                        <label htmlFor={inputId} aria-hidden="true">
                          {uploaded ? 'Sostituisci il file' : 'Scegli il file'}
                        </label>
                      </Button>
                    </Flex>
                    {state.state === 'uploading' ? (
                      <Progress.Root value={state.percent} size="sm" colorPalette="brand" mt="3" aria-label={`Caricamento di ${label.toLowerCase()}`}>
                        <Progress.Label fontSize="sm" mb="1" aria-live="polite">
                          Caricamento in corso: {state.percent}%
                        </Progress.Label>
                        <Progress.Track>
                          <Progress.Range />
                        </Progress.Track>
                      </Progress.Root>
                    ) : (
                      uploaded && (
                        <Text mt="2" fontSize="sm" color="green.700" aria-live="polite">
                          ✓ Caricato: <Box as="span" wordBreak="break-all">{uploaded}</Box>
                        </Text>
                      )
                    )}
                    {!uploaded && state.state === 'idle' && (
                      <Text mt="2" fontSize="sm" color="fg.muted">
                        Nessun file caricato.
                      </Text>
                    )}
                    {state.state === 'error' && (
                      <Text id={errorId} mt="2" fontSize="sm" color="fg.error" role="alert">
                        {state.message}
                      </Text>
                    )}
                  </Box>
                );
              })}
          </Stack>
        ))}
      </Stack>
      <Flex justify="flex-end">
        <Button colorPalette="brand" size="lg" onClick={next} disabled={uploading}>
          Continua alla firma
        </Button>
      </Flex>
    </StepCard>
  );
}
