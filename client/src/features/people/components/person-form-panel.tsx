// The side panel holding the person form: new (no roleId) or edit (loads the record first). A role that may only
// read the kind sees the record read-only, with a "Chiudi" button; health fields follow health.read / health.write.
import { useQuery } from '@apollo/client/react';
import { HStack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import { PanelFormFooter } from '../../../components/form';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SidePanel } from '../../../components/ui/side-panel';
import { graphql } from '../../../gql';
import { messageOfError } from '../../../lib/errors';
import { healthAccessOf, type HealthAccess } from '../../../lib/access';
import { useAccess } from '../../../lib/use-access';
import { PersonForm } from './person-form';
import { PersonChanges } from './person-changes';
import { PersonLinkInvite } from './person-link-invite';

const PersonRoleQuery = graphql(`
  query PersonFormPanel_PersonRole($id: ID!) {
    personRole(id: $id) {
      ...PersonForm_PersonRole
      person {
        id
        firstname
        lastname
        emailPrimary
        hasLinkedAccount
      }
    }
  }
`);

export type PersonPanelState = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; roleId: string };

export interface PersonFormPanelProps {
  kind: PersonKindKey;
  state: PersonPanelState;
  onClose: () => void;
  /** Saved (toast shown): the owner refreshes its list; the panel closes. */
  onSaved: () => void;
  /** 'dialog': a centred modal (the dashboard's quick links) instead of the side panel. */
  container?: 'panel' | 'dialog';
}

interface BodyProps {
  kind: PersonKindKey;
  formId: string;
  onSendingChange: (s: boolean) => void;
  onSaved: () => void;
  onDirtyChange: (dirty: boolean) => void;
  readOnly: boolean;
  health: HealthAccess;
}

function EditBody({ roleId, ...props }: BodyProps & { roleId: string }) {
  const { data, loading, error, refetch } = useQuery(PersonRoleQuery, { variables: { id: roleId }, fetchPolicy: 'network-only' });
  if (loading && !data) return <ListLoading />;
  if (error) return <ListError message={messageOfError(error)} onRetry={() => void refetch()} />;
  const role = data?.personRole;
  if (!role) return <ListError message="Record non trovato: potrebbe essere stato archiviato." />;
  return (
    <>
      {!role.archivedAt && !props.readOnly && <PersonLinkInvite person={role.person} />}
      <PersonForm key={role.id} role={role} {...props} />
      <PersonChanges personId={role.person.id} name={`${role.person.firstname} ${role.person.lastname}`} />
    </>
  );
}

export function PersonFormPanel({ kind, state, onClose, onSaved, container = 'panel' }: PersonFormPanelProps) {
  const Frame = container === 'dialog' ? FormDialog : SidePanel;
  const formId = useId();
  const [sending, setSending] = useState(false);
  const [dirty, setDirty] = useState(false);
  const singular = PERSON_KIND_INFO[kind].singular.toLowerCase();
  const access = useAccess();
  const readOnly = !access.can(`people.${kind}.write`);
  const health = healthAccessOf(access);
  const title = state.mode === 'edit' ? `${readOnly ? 'Scheda' : 'Modifica'} ${singular}` : `Nuovo ${singular}`;
  const saved = () => {
    onSaved();
    onClose();
  };
  const body = { kind, formId, onSendingChange: setSending, onSaved: saved, onDirtyChange: setDirty, readOnly, health };

  return (
    <Frame
      open={state.mode !== 'closed'}
      title={title}
      onClose={() => {
        if (!sending) onClose();
      }}
      size="lg"
      dirty={dirty}
      footer={
        <HStack gap="3" w="100%" justify="flex-end">
          <PanelFormFooter formId={formId} sending={sending} readOnly={readOnly} />
        </HStack>
      }
    >
      {state.mode === 'edit' ? <EditBody roleId={state.roleId} {...body} /> : state.mode === 'new' ? <PersonForm role={null} {...body} /> : null}
    </Frame>
  );
}
