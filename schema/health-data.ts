// Which fields of a person are health data (issue 11): readable only by roles with `health.read`, changeable only
// with `health.write`. One list for the server (redaction, refusal, access log) and the client (hidden/read-only).
import type { PersonKindKey } from './constants';

/** Health fields of each kind's details (GraphQL/input names); kinds not listed have none. */
export const HEALTH_DETAIL_FIELDS: Partial<Record<PersonKindKey, readonly string[]>> = {
  athlete: [
    'medicalExaminationExpirationDate',
    'typeMedicalExaminationId',
    'medicalExaminationDocument',
    'medicalExaminationScheduledDate',
    'typeMedicalExaminationAccountableId',
    'healthCard',
    'allergies',
    'intolerances',
    'athleteCondition',
  ],
  coach: ['healthCard', 'allergies', 'intolerances'],
};

export const isHealthField = (kind: PersonKindKey, field: string): boolean => HEALTH_DETAIL_FIELDS[kind]?.includes(field) ?? false;
