import { serviceRoles, serviceRoleStatements } from './roles';

/**
 * Prints one service's role provisioning SQL (roles.ts) for psql, run by the DBA as the database admin:
 *   node services/shared/dist/persistence/roles-cli.js appointment | psql "$ADMIN_DATABASE_URL" -v ON_ERROR_STOP=1
 * Arguments: <service> [schema, default the service name].
 */
const [service, schema = service] = process.argv.slice(2);
if (!service || !/^[a-z][a-z0-9_]*$/.test(service)) {
  console.error('usage: roles-cli <service> [schema]');
  process.exit(2);
}
for (const statement of serviceRoleStatements(schema, serviceRoles(service))) console.log(`${statement};`);
