// The kinds of organisation above clubs (issue 13) and their Italian names, for both sides: the operator command
// and GraphQL's enum on the server, the portal and the club's affiliations page on the client.
export const ORGANISATION_KINDS = ['federation', 'eps', 'committee', 'league'] as const;
export type OrganisationKindKey = (typeof ORGANISATION_KINDS)[number];

export const ORGANISATION_KIND_LABELS: Record<OrganisationKindKey, string> = {
  federation: 'Federazione',
  eps: 'Ente di promozione sportiva',
  committee: 'Comitato o delegazione regionale',
  league: 'Lega',
};

/** The Italian name of a kind as GraphQL answers it (federation), or the name itself when unknown. */
export const organisationKindLabel = (kind: string): string => ORGANISATION_KIND_LABELS[kind as OrganisationKindKey] ?? kind;
