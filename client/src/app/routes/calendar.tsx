// /calendario: the calendar page (features/calendar) with, composed here because a feature imports no other, the
// sending of attendance taken offline on this phone and not sent yet (features/attendance, issue 38 point 3): the
// page a coach goes back to from the sheet. The sheet and the statistics send it themselves; the admin shell does
// not carry it (its JavaScript budget).
import { useApolloClient } from '@apollo/client/react';
import { useSendWaitingAttendance } from '../../features/attendance/waiting-attendance';
import CalendarPage from '../../features/calendar/routes/calendar-page';

export default function CalendarRoute() {
  useSendWaitingAttendance(useApolloClient());
  return <CalendarPage />;
}
