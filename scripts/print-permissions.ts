// `npm run permissions:print`: the permission matrix and the table of operations as Markdown, for the README's
// "Roles and permissions" (tests fail when the README and the tables in code differ).
import { permissionMatrixMarkdown } from '../server/access/permission-matrix';
import { operationRulesMarkdown } from '../server/access/operation-rules';

console.log(permissionMatrixMarkdown());
console.log();
console.log(operationRulesMarkdown());
