// The organisation's admins close an affiliation (endAffiliation), after a confirmation: a club's application is
// refused (rejected), the organisation's own pending request withdrawn, an affiliation in force ended (revoked). The
// words of the button, the question and the outcome depend on which of the three it is.
import { useMutation } from '@apollo/client/react';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { EndAffiliationMutation } from '../organisation-portal-documents';
import type { PortalAffiliation } from './affiliated-clubs';

interface Ending {
  /** The button. */
  label: string;
  /** The button's accessible name, naming the club. */
  name: string;
  title: string;
  message: string;
  confirmLabel: string;
  done: string;
}

function endingOf(a: PortalAffiliation): Ending {
  const club = a.clubName;
  if (a.status === 'pending' && a.requestedBy === 'club') {
    return {
      label: 'Rifiuta',
      name: `Rifiuta la candidatura di ${club}`,
      title: `Rifiutare la candidatura di ${club}?`,
      message: 'La società vedrà la candidatura rifiutata e non condividerà alcun dato con l’organizzazione. Potrà candidarsi di nuovo.',
      confirmLabel: 'Rifiuta la candidatura',
      done: `Candidatura di ${club} rifiutata.`,
    };
  }
  if (a.status === 'pending') {
    return {
      label: 'Ritira',
      name: `Ritira la richiesta a ${club}`,
      title: `Ritirare la richiesta a ${club}?`,
      message: 'La società non potrà più approvarla. Potrai inviare una nuova richiesta.',
      confirmLabel: 'Ritira la richiesta',
      done: `Richiesta a ${club} ritirata.`,
    };
  }
  return {
    label: 'Termina',
    name: `Termina l’affiliazione di ${club}`,
    title: `Terminare l’affiliazione di ${club}?`,
    message: 'Da subito le chiavi API e i webhook dell’organizzazione non leggono più i dati della società, che vedrà l’affiliazione revocata. Per riprenderla servirà una nuova richiesta, approvata dalla società.',
    confirmLabel: 'Termina l’affiliazione',
    done: `Affiliazione di ${club} terminata: la società non condivide più alcun dato.`,
  };
}

/** The button that asks to close `affiliation` (refuse, withdraw or end, as fits it). */
export function EndAffiliationButton({ affiliation, onEnd, ...props }: { affiliation: PortalAffiliation; onEnd: (a: PortalAffiliation) => void } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const ending = endingOf(affiliation);
  return (
    <Button size="sm" variant="outline" colorPalette="red" flexShrink={0} aria-label={ending.name} onClick={() => onEnd(affiliation)} {...props}>
      {ending.label}
    </Button>
  );
}

/** The confirmation, then the mutation; `onEnded` refreshes the overview. */
export function EndAffiliationDialog({ affiliation, onClose, onEnded }: { affiliation: PortalAffiliation | null; onClose: () => void; onEnded: () => void }) {
  const [end, { loading }] = useMutation(EndAffiliationMutation);
  const ending = affiliation ? endingOf(affiliation) : null;

  async function confirm() {
    if (!affiliation || !ending) return;
    try {
      const outcome = readMutationResult((await end({ variables: { id: affiliation.id } })).data?.endAffiliation);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? ending.done : outcome.message);
      // refreshed either way: a refusal (no longer pending) means the page is behind
      onEnded();
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open={affiliation !== null}
      title={ending?.title ?? ''}
      message={ending?.message ?? ''}
      confirmLabel={ending?.confirmLabel ?? ''}
      loading={loading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
