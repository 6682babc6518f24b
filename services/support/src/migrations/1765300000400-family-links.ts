import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36, decision 0118: the family links auth publishes (auth.family.link-changed), so a member's visit messages
 * also go to their carers: every active carer of a child (until the child's 18th birthday, `ends_on`), and a linked
 * adult's carer whose link has the `reminders` scope. Only who is linked to whom and how: no names, no birth date.
 * An ended link stays (ended) so a late or repeated event cannot bring it back. Expand-only: a new table.
 */
export class FamilyLinks1765300000400 implements MigrationInterface {
  name = 'FamilyLinks1765300000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE family_links (
        link_id integer PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('dependant', 'linked_adult')),
        carer_user_id integer NOT NULL,
        member_user_id integer NOT NULL,
        scopes text[] NOT NULL DEFAULT '{}',
        status text NOT NULL CHECK (status IN ('active', 'ended')),
        ends_on date,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // the scheduler's question: the active carers of a visit's patient
    await queryRunner.query(`CREATE INDEX family_links_active_member ON family_links (member_user_id) WHERE status = 'active'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE family_links`);
  }
}
