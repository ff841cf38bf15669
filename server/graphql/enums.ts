// Enums that the GraphQL types of several modules share. They live in the GraphQL layer, not in a module's face
// (a module does not import another module's *.graphql.ts) nor in domain code (which must load without the schema);
// their values are the domain's, from schema/.
import { RECENT_PERIODS } from '../../schema/club-time';
import { CONSENT_PURPOSES } from '../../schema/validation/consents';
import { GUARDIAN_RELATIONSHIPS } from '../../schema/validation/families';
import { CONSENT_STATUSES } from '../modules/families/consents.service';
import { CERTIFICATE_STATES } from '../../schema/medical-certificates';
import { PERSON_KINDS, POST_ORDERS, SPORT_VALUES } from '../../schema/constants';
import { ORGANISATION_SCOPE_LABELS, ORGANISATION_SCOPES, scopeEnumName } from '../../schema/organisation-scopes';
import { builder } from './builder';

export const SportEnum = builder.enumType('Sport', { values: SPORT_VALUES });

export const PersonKindEnum = builder.enumType('PersonKind', {
  description: 'The six kinds of people: staff = accompagnatori, voluntary = volontari. Also the group types.',
  values: PERSON_KINDS,
});

export const RecentPeriodEnum = builder.enumType('RecentPeriod', {
  description: 'today: since 00:00, week: since Monday 00:00, both in the club time zone (Europe/Rome).',
  values: RECENT_PERIODS,
});

export const CertificateStatusEnum = builder.enumType('CertificateStatus', {
  description:
    "A person's medical certificate on the club's day: valid = expires after today + 30 days; expiring = between today and today + 30; expired = before today; missing = none recorded; notRequired = under 6 years (DM 08/08/2014).",
  values: CERTIFICATE_STATES,
});

export const PostOrderEnum = builder.enumType('PostOrder', {
  description: 'NEWEST and OLDEST by creation; PRIORITY: Urgente first, then Importante, then the rest, newest first.',
  values: POST_ORDERS,
});

/** Shared by the club's affiliations page and the organisations' API. */
export const OrganisationScopeEnum = builder.enumType('OrganisationScope', {
  description: 'A kind of data a club shares with an organisation it is affiliated to.',
  values: Object.fromEntries(ORGANISATION_SCOPES.map((s) => [scopeEnumName(s), { value: s, description: ORGANISATION_SCOPE_LABELS[s] }])),
});

/** An affiliation's state, for the club, the organisation's portal and its API alike. */
export const AffiliationStatusEnum = builder.enumType('AffiliationStatus', {
  description:
    'pending: waiting for the other side; active: in force with the consented scopes; rejected: a request or application refused; revoked: withdrawn or ended by either side (nothing is shared: remove what you hold of the club).',
  values: ['pending', 'active', 'rejected', 'revoked'] as const,
});

/** Connections answer PAGE_SIZE rows unless asked, and at most this many (pickers ask for all groups at once). */
export const MAX_PAGE_SIZE = 100;

/** Shared by the consents and the online registration. */
export const ConsentPurposeEnum = builder.enumType('ConsentPurpose', {
  description: 'trattamento_dati (personal data), dati_salute (health data), foto_video (photos and video), comunicazioni (the club\'s communications).',
  values: CONSENT_PURPOSES,
});

/** Shared by the consents and the personal area. */
export const ConsentStatusEnum = builder.enumType('ConsentStatus', {
  description: 'dato (given against the current notice), negato (refused), revocato (withdrawn), da_rinnovare (given against an older notice version), mancante (none recorded).',
  values: CONSENT_STATUSES,
});

export const ConsentGiverEnum = builder.enumType('ConsentGiver', {
  description: 'Who answers today: self (an adult), guardian (a minor under 14, or from 14 for health data and images), either (a minor from 14, for personal data and communications).',
  values: ['self', 'guardian', 'either'] as const,
});

/** Shared by families and the personal area. */
export const GuardianRelationshipEnum = builder.enumType('GuardianRelationship', {
  description: 'genitore (parent), tutore (legal guardian), altro (another relative with the same duties).',
  values: GUARDIAN_RELATIONSHIPS,
});
