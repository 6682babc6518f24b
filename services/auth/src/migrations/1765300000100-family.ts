import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Family care (issue 36): children a carer added (their account rows have no login), links between carers and members
 * (children, and adults invited by phone) with the scopes granted, and the consents given with their text's version.
 * New tables only: nothing existing changes. A consent row is never updated or deleted (a trigger refuses it), so a new
 * wording never rewrites an earlier consent.
 */
export class Family1765300000100 implements MigrationInterface {
  name = 'Family1765300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE family_dependants (
        user_id integer PRIMARY KEY,
        date_of_birth date NOT NULL,
        added_by_user_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE family_links (
        link_id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('dependant', 'linked_adult')),
        carer_user_id integer NOT NULL,
        member_user_id integer NULL,
        invited_phone text NULL,
        relationship text NOT NULL,
        scopes_asked text[] NOT NULL DEFAULT '{}',
        scopes text[] NOT NULL DEFAULT '{}',
        status text NOT NULL CHECK (status IN ('pending', 'active', 'declined', 'ended')),
        ended_reason text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        responded_at timestamptz NULL,
        ended_at timestamptz NULL,
        CHECK (member_user_id IS NOT NULL OR invited_phone IS NOT NULL)
      )`);
    await queryRunner.query(`CREATE INDEX family_links_carer_idx ON family_links (carer_user_id, created_at)`);
    await queryRunner.query(`CREATE INDEX family_links_member_idx ON family_links (member_user_id) WHERE member_user_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX family_links_invited_phone_idx ON family_links (invited_phone) WHERE status = 'pending'`);
    // One live link per carer and member (an ended one may be followed by a new invitation).
    await queryRunner.query(
      `CREATE UNIQUE INDEX family_links_one_live_idx ON family_links (carer_user_id, member_user_id) WHERE status IN ('pending', 'active') AND member_user_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE family_consents (
        consent_id serial PRIMARY KEY,
        link_id integer NOT NULL REFERENCES family_links (link_id),
        given_by_user_id integer NOT NULL,
        member_user_id integer NOT NULL,
        text_version text NOT NULL,
        text text NOT NULL,
        given_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX family_consents_member_idx ON family_consents (member_user_id)`);
    await queryRunner.query(`
      CREATE FUNCTION family_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'family_consents is append-only'; END $$`);
    await queryRunner.query(
      `CREATE TRIGGER family_consents_append_only BEFORE UPDATE OR DELETE ON family_consents FOR EACH ROW EXECUTE FUNCTION family_consents_append_only()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE family_consents`);
    await queryRunner.query(`DROP FUNCTION family_consents_append_only()`);
    await queryRunner.query(`DROP TABLE family_links`);
    await queryRunner.query(`DROP TABLE family_dependants`);
  }
}
