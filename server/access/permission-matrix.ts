// The permission matrices of docs/permissions.md, printed from the tables (`npm run permissions:print`); a test keeps
// them equal.
import {
  CLUB_ROLE_LABELS,
  FAMILY_PERMISSIONS,
  FAMILY_RELATION_LABELS,
  FAMILY_RELATIONS,
  familyRelationAllows,
  type FamilyPermission,
  CLUB_ROLES,
  ORGANISATION_PERMISSIONS,
  ORGANISATION_ROLES,
  organisationRoleAllows,
  PERMISSIONS,
  roleAllows,
  type OrganisationPermission,
  type Permission,
} from './permissions';

export function permissionMatrixMarkdown(): string {
  const header = `| permission | what it allows | ${CLUB_ROLES.map((r) => `\`${r}\` (${CLUB_ROLE_LABELS[r]})`).join(' | ')} |`;
  const rule = `|---|---|${CLUB_ROLES.map(() => ':---:').join('|')}|`;
  const rows = (Object.keys(PERMISSIONS) as Permission[]).map(
    (p) => `| \`${p}\` | ${PERMISSIONS[p]} | ${CLUB_ROLES.map((r) => (roleAllows(r, p) ? 'yes' : '')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

/** The organisation staff's matrix (admin, reader), from ORGANISATION_ROLE_PERMISSIONS. */
export function organisationMatrixMarkdown(): string {
  const header = `| organisation permission | what it allows | ${ORGANISATION_ROLES.map((r) => `\`${r}\``).join(' | ')} |`;
  const rule = `|---|---|${ORGANISATION_ROLES.map(() => ':---:').join('|')}|`;
  const rows = (Object.keys(ORGANISATION_PERMISSIONS) as OrganisationPermission[]).map(
    (p) => `| \`${p}\` | ${ORGANISATION_PERMISSIONS[p]} | ${ORGANISATION_ROLES.map((r) => (organisationRoleAllows(r, p) ? 'yes' : '')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

/** The personal area's matrix (titolare, minore, genitore), from FAMILY_RELATION_PERMISSIONS. */
export function familyMatrixMarkdown(): string {
  const header = `| family permission | what it allows | ${FAMILY_RELATIONS.map((r) => `\`${r}\` (${FAMILY_RELATION_LABELS[r]})`).join(' | ')} |`;
  const rule = `|---|---|${FAMILY_RELATIONS.map(() => ':---:').join('|')}|`;
  const rows = (Object.keys(FAMILY_PERMISSIONS) as FamilyPermission[]).map(
    (p) => `| \`${p}\` | ${FAMILY_PERMISSIONS[p]} | ${FAMILY_RELATIONS.map((r) => (familyRelationAllows(r, p) ? 'yes' : '')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}
