import fs from 'node:fs';
import { renderPermissionsDoc } from '../packages/contract/src/permissions-table.js';

fs.writeFileSync(new URL('../docs/permissions.md', import.meta.url), renderPermissionsDoc());
console.log('docs/permissions.md written');
