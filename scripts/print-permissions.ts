// `npm run permissions:print`: the permission matrix as Markdown, for the README's "Roles and permissions".
import { permissionMatrixMarkdown } from '../server/access/permission-matrix';

console.log(permissionMatrixMarkdown());
