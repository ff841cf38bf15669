// `npm run permissions:print`: the permission matrix and the table of operations as Markdown, for
// docs/permissions.md (tests fail when that page and the tables in code differ).
import { permissionMatrixMarkdown } from '../server/access/permission-matrix';
import { operationRulesMarkdown } from '../server/access/operation-rules';

console.log(permissionMatrixMarkdown());
console.log();
console.log(operationRulesMarkdown());
