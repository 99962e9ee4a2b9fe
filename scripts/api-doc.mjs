#!/usr/bin/env node
// `npm run docs:api`: rewrites the generated list of calls in docs/API.md (and the rights and staff levels tables in docs/roles.md) from the shared call catalogue
// (packages/shared/src/contracts/endpoints.ts), formatted as `prettier --check` expects. The text around
// the markers is left as written. apps/server/test/apiDoc.test.ts fails while the two differ.
// Runs under tsx, which loads the TypeScript catalogue.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { renderOperatorTools } from '@emberwatch/shared/domain/operatorTools';
import { READ_RIGHTS, renderReadRights } from '@emberwatch/shared/domain/readRights';
import { renderWriteRights, WRITE_RIGHTS } from '@emberwatch/shared/domain/writeRights';
import { apiCallList, withApiCallList } from '../apps/server/src/http/apiCallList.ts';
import { repoRoot } from './lib/proc.mjs';

const file = path.join(repoRoot, 'docs/API.md');
const current = readFileSync(file, 'utf8');
const options = { ...(await resolveConfig(file)), filepath: file };
const next = await format(withApiCallList(current, apiCallList(endpoints)), options);
if (next === current) {
  console.log('docs/API.md is up to date with the call catalogue');
} else {
  writeFileSync(file, next);
  console.log('docs/API.md: the list of calls was regenerated from the call catalogue');
}

// docs/roles.md: the table of write rights (packages/shared/src/domain/writeRights.ts) between its
// markers; apps/server/test/writeRights.test.ts fails while the two differ.
const rolesFile = path.join(repoRoot, 'docs/roles.md');
const roles = readFileSync(rolesFile, 'utf8');
const paths = Object.fromEntries(
  Object.entries(endpoints).flatMap(([group, calls]) =>
    Object.entries(calls).map(([name, e]) => [`${group}.${name}`, `${e.method} ${e.path}`]),
  ),
);
const spliced = roles
  .replace(
    /(<!-- write-rights:start -->)[\s\S]*(<!-- write-rights:end -->)/,
    (_m, start, end) => `${start}\n\n${renderWriteRights(paths)}\n\n${end}`,
  )
  .replace(
    /(<!-- read-rights:start -->)[\s\S]*(<!-- read-rights:end -->)/,
    (_m, start, end) => `${start}\n\n${renderReadRights(paths)}\n\n${end}`,
  )
  // The staff levels: each operator tool with the calls whose rows name it (staffLevels.test.ts).
  .replace(
    /(<!-- operator-tools:start -->)[\s\S]*(<!-- operator-tools:end -->)/,
    (_m, start, end) =>
      `${start}\n\n${renderOperatorTools((tool) =>
        [...READ_RIGHTS, ...WRITE_RIGHTS].filter((r) => r.tool === tool).map((r) => paths[r.call] ?? r.call),
      )}\n\n${end}`,
  );
const nextRoles = await format(spliced, { ...(await resolveConfig(rolesFile)), filepath: rolesFile });
if (nextRoles === roles)
  console.log('docs/roles.md is up to date with the read and write rights and the staff levels');
else {
  writeFileSync(rolesFile, nextRoles);
  console.log('docs/roles.md: the tables of read and write rights and staff levels were regenerated');
}

// docs/public-api.openapi.json: the public API's own OpenAPI document (decision 0111), generated from
// its contracts as the server serves it at /api/v1/openapi.json (without a server address).
const { publicOpenApi } = await import('../apps/server/src/features/public-api/publicOpenApi.ts');
const publicFile = path.join(repoRoot, 'docs/public-api.openapi.json');
const publicDoc = await format(JSON.stringify(publicOpenApi()), { filepath: publicFile });
let publicCurrent = '';
try {
  publicCurrent = readFileSync(publicFile, 'utf8');
} catch {
  // not written yet
}
if (publicDoc === publicCurrent) console.log('docs/public-api.openapi.json is up to date');
else {
  writeFileSync(publicFile, publicDoc);
  console.log('docs/public-api.openapi.json: regenerated from the public API contracts');
}
