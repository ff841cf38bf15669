// The route module of the staff's group channels (issue 39 point 4): /canali (the list) and /canali/:groupId (one
// conversation). One lazy module for both (app/route-table.ts gives the view): each route module costs the admin
// shell its import, and the shell is at its budget.
import { ChannelPage } from './channel-page';
import { ChannelsPage } from './channels-page';

export default function ChannelPages({ view }: { view: 'elenco' | 'canale' }) {
  return view === 'canale' ? <ChannelPage /> : <ChannelsPage />;
}
