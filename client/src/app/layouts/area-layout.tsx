// Layout of the personal area (/area, issue 36 point 4): the same guard as the admin area (a session; no club needed),
// the area's own light frame instead of the admin shell. Offline with a session that could not be checked, the frame
// shows the offline notice instead of sending to the login page.
import { Outlet } from 'react-router';
import { OfflineNotice } from '../../components/ui/offline-notice';
import { RequireAuth } from '../../features/accounts/components/require-auth';
import { AreaShell } from '../../features/family-area/components/area-shell';

export default function AreaLayout() {
  return (
    <RequireAuth
      offline={
        <AreaShell>
          <OfflineNotice />
        </AreaShell>
      }
    >
      <AreaShell>
        <Outlet />
      </AreaShell>
    </RequireAuth>
  );
}
