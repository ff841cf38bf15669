// The route module of collecting fees (issue 37 points 4 and 5): /quote/impostazioni (the reminders, the club's SEPA
// creditor data) and /quote/sepa (a collection's preview and file). One lazy module for both routes (app/route-table.ts
// gives the view): each route module costs the admin shell its import, and the shell is at its budget.
import { FeeSettingsPage } from './fee-settings-page';
import { SepaPage } from './sepa-page';

export default function FeesCollectionPages({ view }: { view: 'impostazioni' | 'sepa' }) {
  return view === 'sepa' ? <SepaPage /> : <FeeSettingsPage />;
}
