// /persona/:roleId: the person page (features/people) with the sections other features add to it, composed here
// because a feature imports no other: the history of seasons, libro soci and cards (features/seasons, issue 35), the
// guardians of a minor and the privacy consents (features/families and features/consents, issue 36), and the fees
// with the way to the family's statement (features/fees, issue 37), the person's private calendar link
// (features/calendar, issue 38), the notices the person received (features/notices, issue 39).
import { PersonCalendarSection } from '../../features/calendar/components/person-calendar-section';
import PersonPage from '../../features/people/routes/person-page';
import { PersonNoticesSection } from '../../features/notices/components/person-notices-section';
import { PersonConsentsSection } from '../../features/consents/components/person-consents-section';
import { PersonFamilySection } from '../../features/families/components/person-family-section';
import { PersonFeesSection } from '../../features/fees/components/person-fees-section';
import { PersonSeasonsSection } from '../../features/seasons/components/person-seasons-section';

export default function PersonRoute() {
  return <PersonPage seasonsSection={PersonSeasonsSection} familySection={PersonFamilySection} consentsSection={PersonConsentsSection} feesSection={PersonFeesSection} calendarSection={PersonCalendarSection} noticesSection={PersonNoticesSection} />;
}
