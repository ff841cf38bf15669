// /organizzazione/invito?token=...: the link an organisation's admin mails to a new staff member
// (inviteOrganisationStaff). The same invitation door as a club's collaborators (components/invitations).
import { InvitationDoor } from '../../../components/invitations/invitation-door';

export default function StaffInvitationPage() {
  return <InvitationDoor />;
}
