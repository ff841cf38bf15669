// "Consensi privacy" of a person in the personal area: the four purposes with their state, when and on which version
// of the notice they were given, and who answers for them today (under 14 a guardian; from 14 the minor for some; an
// adult alone), and the day a withdrawn one was withdrawn. "Revoca" where this account answers for a given consent,
// after a confirmation; the club keeps the withdrawal in the history.
import { useMutation } from '@apollo/client/react';
import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CONSENT_PURPOSE_LABELS } from '../../../../../schema/validation/consents';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { ConsentPurpose } from '../../../gql/graphql';
import { CONSENT_GIVER_LABELS, CONSENT_STATUS_INFO } from '../../../lib/consent-labels';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { WithdrawConsentMutation } from '../family-area-documents';
import { fullName, italianDay } from '../family-labels';
import { AreaItem, AreaSection } from './area-section';
import type { FamilyPersonPage } from './person-data-section';

type Consent = FamilyPersonPage['consents'][number];

function ConsentRow({ consent, onWithdraw }: { consent: Consent; onWithdraw: () => void }) {
  const label = CONSENT_PURPOSE_LABELS[consent.purpose];
  const status = CONSENT_STATUS_INFO[consent.status];
  const given =
    consent.givenOn &&
    [
      `${consent.status === 'negato' ? 'Negato' : 'Dato'} il ${italianDay(consent.givenOn)}${consent.withdrawnOn ? `, revocato il ${italianDay(consent.withdrawnOn)}` : consent.status === 'revocato' ? ', poi revocato' : ''}`,
      consent.noticeVersion != null && `informativa versione ${consent.noticeVersion}`,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <AreaItem label={label}>
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Stack gap="1" minW="0" flex="1 1 14rem">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{label}</Text>
            <Badge size="sm" colorPalette={status.color}>
              {status.label}
            </Badge>
          </HStack>
          {given && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {given}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            Risponde: {CONSENT_GIVER_LABELS[consent.giver].toLowerCase()}
          </Text>
        </Stack>
        {consent.canWithdraw && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={onWithdraw} aria-label={`Revoca il consenso: ${label}`}>
            Revoca
          </Button>
        )}
      </Flex>
    </AreaItem>
  );
}

export function PersonConsentsSection({ person, onSaved }: { person: FamilyPersonPage; onSaved: () => Promise<unknown> }) {
  const [withdrawing, setWithdrawing] = useState<ConsentPurpose | null>(null);
  const [withdraw, { loading }] = useMutation(WithdrawConsentMutation);

  const confirm = async () => {
    if (!withdrawing) return;
    try {
      const outcome = readMutationResult((await withdraw({ variables: { personId: person.personId, purpose: withdrawing } })).data?.withdrawMyConsent);
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      await onSaved().catch(() => undefined);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setWithdrawing(null);
    }
  };

  const label = withdrawing ? CONSENT_PURPOSE_LABELS[withdrawing] : '';
  return (
    <AreaSection id="consensi" title="Consensi privacy" description="Per che cosa la società può usare i dati, secondo la sua informativa privacy.">
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Consensi">
        {person.consents.map((c) => (
          <ConsentRow key={c.purpose} consent={c} onWithdraw={() => setWithdrawing(c.purpose)} />
        ))}
      </Stack>
      <ConfirmDialog
        open={withdrawing !== null}
        title={`Revocare il consenso «${label}»?`}
        message={`Da ora la società non potrà più usare i dati di ${fullName(person)} per questa finalità. Potrai dare di nuovo il consenso chiedendolo alla società.`}
        confirmLabel="Revoca il consenso"
        loading={loading}
        onConfirm={() => void confirm()}
        onCancel={() => setWithdrawing(null)}
      />
    </AreaSection>
  );
}
