// The six kinds of people in one table: where each keeps its own fields, how the legacy REST face names it,
// and what a successful creation says. Everything that varies by kind reads from here.
import { PERSON_KINDS, PERSON_KIND_INFO, type PersonKindKey } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';

/** PersonRole relations holding a kind's own fields (volunteers and accompagnatori have none). */
export type DetailsRelation = 'athlete' | 'coach' | 'member' | 'manager';

export interface PersonKindSpec {
  key: PersonKindKey;
  singular: string;
  /** The PersonRole relation with this kind's own fields, if any. */
  details: DetailsRelation | null;
  /** Legacy REST resource: /api/{resource}/save|single|load|archive. */
  resource: string;
  /** Legacy group pivot key: groups[].pivot.{group_id, <pivotKey>}. */
  pivotKey: string;
  /** Answer of a successful creation (spec §8); an update answers MSG.changesSaved. */
  createdMessage: string;
}

export const PEOPLE_KINDS: Record<PersonKindKey, PersonKindSpec> = {
  athlete: { key: 'athlete', singular: PERSON_KIND_INFO.athlete.singular, details: 'athlete', resource: 'athlete', pivotKey: 'athlete_id', createdMessage: MSG.athleteCreated },
  coach: { key: 'coach', singular: PERSON_KIND_INFO.coach.singular, details: 'coach', resource: 'coach', pivotKey: 'coach_id', createdMessage: MSG.coachCreated },
  manager: { key: 'manager', singular: PERSON_KIND_INFO.manager.singular, details: 'manager', resource: 'manager', pivotKey: 'manager_id', createdMessage: MSG.managerCreated },
  staff: { key: 'staff', singular: PERSON_KIND_INFO.staff.singular, details: null, resource: 'staff', pivotKey: 'staff_id', createdMessage: MSG.staffSaved },
  member: { key: 'member', singular: PERSON_KIND_INFO.member.singular, details: 'member', resource: 'member', pivotKey: 'member_id', createdMessage: MSG.memberCreated },
  voluntary: { key: 'voluntary', singular: PERSON_KIND_INFO.voluntary.singular, details: null, resource: 'voluntary', pivotKey: 'voluntary_id', createdMessage: MSG.volunteerCreated },
};

export const PEOPLE_KIND_LIST = PERSON_KINDS.map((k) => PEOPLE_KINDS[k]);

export const isPersonKind = (value: unknown): value is PersonKindKey =>
  typeof value === 'string' && (PERSON_KINDS as readonly string[]).includes(value);
