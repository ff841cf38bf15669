// /invito?token=...: the link a club mails to a new collaborator (inviteCollaborator). The invitation door
// (components/invitations) reads it, signs up or signs in, and joins; the same door serves every kind.
import { InvitationDoor } from '../../../components/invitations/invitation-door';

export default function InvitationPage() {
  return <InvitationDoor />;
}
