// What an organisation may read of a club (issue 13): the data scopes a club consents to share and an API key
// is granted. A request's effective access is the key's scopes, the club's consent and an active affiliation.
export const ORGANISATION_SCOPES = ['club.profile', 'people.registry', 'people.contacts', 'people.certificates', 'staff.qualifications'] as const;
export type OrganisationScope = (typeof ORGANISATION_SCOPES)[number];

export const ORGANISATION_SCOPE_LABELS: Record<OrganisationScope, string> = {
  'club.profile': 'Profilo della società e conteggi dei tesserati',
  'people.registry': 'Anagrafica dei tesserati (nome, codice fiscale, nascita, ruoli, categorie)',
  'people.contacts': 'Contatti dei tesserati (email, telefono, indirizzo)',
  'people.certificates': 'Stato dei certificati medici, senza i documenti',
  'staff.qualifications': 'Qualifiche dello staff (BLSD, primo soccorso, antincendio)',
};

/** The scopes that share people's data: a club sharing any of them has its people listed, synced and notified. */
export const PEOPLE_DATA_SCOPES: readonly OrganisationScope[] = ['people.registry', 'people.contacts', 'people.certificates', 'staff.qualifications'];

/** A scope's name in GraphQL, where names cannot hold dots: club.profile is CLUB_PROFILE. */
export const scopeEnumName = (scope: OrganisationScope): string => scope.replace('.', '_').toUpperCase();
/** The scope a GraphQL name stands for (the client reads the enum's names). */
export const scopeOfEnumName = (name: string): OrganisationScope | undefined => ORGANISATION_SCOPES.find((s) => scopeEnumName(s) === name);
