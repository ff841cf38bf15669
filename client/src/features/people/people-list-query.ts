// A people list's query and its variables, apart from the page: the list's route loader (app/route-data.ts) sends
// the same query with the same variables while the page's code is still loading, and the page reads the answer.
import { graphql } from '../../gql';
import type { CertificateStatus, PeopleOrder, PersonKind, RecentPeriod } from '../../gql/graphql';
import { pageVariables } from '../../lib/use-list-view';

export const PeopleQuery = graphql(`
  query PeopleListPage_People(
    $kind: PersonKind!
    $search: String
    $groupId: ID
    $addedWithin: RecentPeriod
    $certificate: CertificateStatus
    $orderBy: PeopleOrder
    $first: Int
    $offset: Int
    $seasonId: ID
  ) {
    people(
      kind: $kind
      search: $search
      groupId: $groupId
      addedWithin: $addedWithin
      certificate: $certificate
      orderBy: $orderBy
      first: $first
      offset: $offset
      seasonId: $seasonId
    ) {
      totalCount
      pageInfo {
        ...ListPage
      }
      edges {
        node {
          ...PeopleTable_PersonRole
        }
      }
    }
  }
`);

export interface PeopleListView {
  kind: PersonKind;
  /** The search as typed (trimmed here). */
  term: string;
  groupId: string | null;
  addedWithin: RecentPeriod | null;
  certificate: CertificateStatus | null;
  order: PeopleOrder;
  /** 1-based. */
  page: number;
  /** The season chosen in the top bar (lib/season-view.tsx): only the people in it; absent: everyone. */
  seasonId?: string | null;
}

/** The variables of PeopleQuery for a view of the list: one function, so page and loader ask the same. */
export const peopleListVariables = ({ kind, term, groupId, addedWithin, certificate, order, page, seasonId = null }: PeopleListView) => ({
  kind,
  search: term.trim() || null,
  groupId,
  addedWithin,
  certificate,
  orderBy: order,
  seasonId,
  ...pageVariables(page),
});
