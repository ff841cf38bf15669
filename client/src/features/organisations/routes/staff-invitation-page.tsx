// /organizzazione/invito?token=...: the link an organisation's admin mails to a new staff member
// (inviteOrganisationStaff). The same invitation door as a club's collaborators (components/invitation-door).
import { InvitationDoor } from '../../../components/invitation-door/invitation-door';

export default function StaffInvitationPage() {
  return <InvitationDoor />;
}
