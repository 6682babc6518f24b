import type { QueryRunner } from 'typeorm';

/**
 * For migrations that index ILIKE '%…%' searches: creates pg_trgm in public unless it exists (tolerating another
 * service's migration creating it at the same moment) and returns the schema it lives in, to qualify its operator
 * class (`"<schema>".gin_trgm_ops`; each service's search_path is its own schema). pg_trgm is a trusted extension
 * (PostgreSQL 13+), so a database owner may create it; where it cannot be created this returns null and the caller
 * skips its trigram indexes (the search stays correct, only slower).
 */
export async function trigramSchema(queryRunner: QueryRunner): Promise<string | null> {
  await queryRunner.query(`
    DO $$
    BEGIN
      BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
      EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
      END;
    EXCEPTION WHEN insufficient_privilege OR feature_not_supported OR undefined_file OR invalid_schema_name THEN
      RAISE NOTICE 'pg_trgm not available: searches run without trigram indexes';
    END $$`);
  const rows: { schema: string }[] = await queryRunner.query(
    `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  );
  return rows[0]?.schema ?? null;
}
