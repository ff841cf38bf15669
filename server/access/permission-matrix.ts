// The permission matrix of docs/permissions.md, printed from the table (`npm run permissions:print`); a test keeps
// them equal.
import { CLUB_ROLE_LABELS, CLUB_ROLES, PERMISSIONS, roleAllows, type Permission } from './permissions';

export function permissionMatrixMarkdown(): string {
  const header = `| permission | what it allows | ${CLUB_ROLES.map((r) => `\`${r}\` (${CLUB_ROLE_LABELS[r]})`).join(' | ')} |`;
  const rule = `|---|---|${CLUB_ROLES.map(() => ':---:').join('|')}|`;
  const rows = (Object.keys(PERMISSIONS) as Permission[]).map(
    (p) => `| \`${p}\` | ${PERMISSIONS[p]} | ${CLUB_ROLES.map((r) => (roleAllows(r, p) ? 'yes' : '')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}
