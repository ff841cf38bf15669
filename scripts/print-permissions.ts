// `npm run permissions:print`: the permission matrices (club roles, organisation staff, the personal area's relations) and the table of operations as Markdown, for
// docs/permissions.md (tests fail when that page and the tables in code differ).
import { familyMatrixMarkdown, organisationMatrixMarkdown, permissionMatrixMarkdown } from '../server/access/permission-matrix';
import { operationRulesMarkdown } from '../server/access/operation-rules';

console.log(permissionMatrixMarkdown());
console.log();
console.log(organisationMatrixMarkdown());
console.log();
console.log(familyMatrixMarkdown());
console.log();
console.log(operationRulesMarkdown());
