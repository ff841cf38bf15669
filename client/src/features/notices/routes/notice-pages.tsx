// The route module of the notices' admin pages (issue 39): /avvisi (the list), /avvisi/nuovo (writing one) and
// /avvisi/:noticeId (one notice's recipients). One lazy module for the three routes (app/route-table.ts gives the
// view): each route module costs the admin shell its import, and the shell is at its budget.
import { NoticeComposePage } from './notice-compose-page';
import { NoticeHistoryPage } from './notice-history-page';
import { NoticesPage } from './notices-page';

export default function NoticePages({ view }: { view: 'elenco' | 'nuovo' | 'avviso' }) {
  if (view === 'nuovo') return <NoticeComposePage />;
  if (view === 'avviso') return <NoticeHistoryPage />;
  return <NoticesPage />;
}
