// What the routes' loaders start (app/router.tsx): the first query of a page, sent while the page's code loads,
// with the same variables the page will use, so the page finds the answer in Apollo's cache (or joins the request
// still in flight: Apollo sends one request for identical queries). Nothing waits for these: a failure is the
// page's to report when it asks again. Only for views whose variables the address alone decides.
import type { PersonKindKey } from '../../../schema/constants';
import { CurrentClubQuery } from '../features/clubs/club-documents';
import { DashboardQuery } from '../features/dashboard/dashboard-documents';
import { KindGroupsQuery } from '../features/people/people-documents';
import { PeopleQuery, peopleListVariables } from '../features/people/people-list-query';
import { apolloClient } from '../lib/apollo';
import { orderOfParam, sortOptionsFor } from '../lib/people-sort';
import { ADDED_PARAM, CERTIFICATE_PARAM, periodOfParam } from '../lib/recent-filters';
import { prefetchMe } from '../lib/session';
import { readClubToken, readSessionToken } from '../lib/session-storage';
import { PAGE_PARAM, pageOfParam } from '../lib/use-list-view';

const quietly = (request: Promise<unknown>) => void request.catch(() => undefined);

let sessionStarted = false;

/** The session's `me` (the page load's first: later routes find the session there). */
export function prefetchSession() {
  if (sessionStarted || !readSessionToken()) return;
  sessionStarted = true;
  prefetchMe(apolloClient);
}

/**
 * A people list's groups and first rows. A group (`tp`) or a certificate filter or sort depends on what the session
 * says (the groups, whether the account reads health data): those views wait for the page.
 */
export function prefetchPeopleList(kind: PersonKindKey, params: URLSearchParams) {
  if (!readClubToken()) return;
  quietly(apolloClient.query({ query: KindGroupsQuery, variables: { types: [kind] } }));
  const order = params.get('ordina') ?? '';
  if (params.get('tp') || params.get(CERTIFICATE_PARAM) || order.startsWith('certificato')) return;
  const variables = peopleListVariables({
    kind,
    term: params.get('q') ?? '',
    groupId: null,
    addedWithin: periodOfParam(params.get(ADDED_PARAM)),
    certificate: null,
    order: orderOfParam(order, sortOptionsFor(false)),
    page: pageOfParam(params.get(PAGE_PARAM)),
  });
  quietly(apolloClient.query({ query: PeopleQuery, variables }));
}

export function prefetchDashboard() {
  if (readClubToken()) quietly(apolloClient.query({ query: DashboardQuery }));
}

export function prefetchClub() {
  if (readClubToken()) quietly(apolloClient.query({ query: CurrentClubQuery }));
}

/**
 * The personal area's first screen (a session is enough: no club). Its document is imported here, not at the top:
 * the admin shell that every staff page loads does not carry the area's documents.
 */
export function prefetchFamily() {
  if (!readSessionToken()) return;
  quietly(import('../features/family-area/family-area-documents').then(({ MyFamilyQuery }) => apolloClient.query({ query: MyFamilyQuery })));
}
