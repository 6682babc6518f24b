import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const { BASELINE, breakingChanges, migrations, violations } = require('./expand-contract') as {
  BASELINE: number;
  breakingChanges(source: string): { rule: string }[];
  migrations(repo: string): { file: string; name: string; timestamp: number }[];
  violations(repo: string, baseline?: number): string[];
};

const REPO = path.resolve(__dirname, '..', '..');

/** A migration file as the services write them. */
const migration = (up: string, extra = '') => `import { MigrationInterface, QueryRunner } from 'typeorm';
${extra}
export class Example1900000000100 implements MigrationInterface {
  name = 'Example1900000000100';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(\`${up}\`);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(\`DROP TABLE notes\`);
  }
}`;
const rules = (up: string) => breakingChanges(migration(up)).map((b) => b.rule);

describe('expand/contract: a migration never breaks the release still running', () => {
  it('every migration newer than the baseline only expands, or is marked as the contract step of an earlier expand', () => {
    expect(violations(REPO)).toEqual([]);
  });

  it('finds every service migration (and the shared ones), each named <Name><timestamp>', () => {
    const found = migrations(REPO);
    expect(found.length).toBeGreaterThanOrEqual(8);
    expect(found.map((m) => m.file)).toContain('services/shared/src/events/event-tables.migration.ts');
    for (const m of found) expect(m.timestamp).toBeGreaterThan(1_700_000_000_000);
    expect(found.some((m) => m.timestamp <= BASELINE)).toBe(true);
  });

  it.each([
    ['ALTER TABLE notes DROP COLUMN author', 'DROP COLUMN'],
    ['ALTER TABLE notes DROP author', 'DROP COLUMN'],
    ['ALTER TABLE notes RENAME COLUMN author TO writer', 'RENAME'],
    ['ALTER TABLE notes RENAME TO memos', 'RENAME'],
    ['ALTER TABLE notes ALTER COLUMN body TYPE varchar(200)', 'ALTER COLUMN TYPE'],
    ['ALTER TABLE notes ALTER body SET DATA TYPE text', 'ALTER COLUMN TYPE'],
    ['ALTER TABLE notes ALTER COLUMN author SET NOT NULL', 'SET NOT NULL'],
    ['ALTER TABLE notes ADD COLUMN author text NOT NULL', 'ADD COLUMN NOT NULL without DEFAULT'],
    ['ALTER TABLE notes ADD COLUMN amount numeric(10,2) NOT NULL', 'ADD COLUMN NOT NULL without DEFAULT'],
    ['DROP TABLE notes', 'DROP TABLE'],
    ['DROP VIEW note_totals', 'DROP VIEW/FUNCTION/TYPE/SCHEMA'],
  ])('flags %s', (sql, rule) => {
    expect(rules(sql)).toContain(rule);
  });

  it.each([
    'CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, author text NOT NULL)',
    'ALTER TABLE notes ADD COLUMN author text NULL',
    "ALTER TABLE notes ADD COLUMN status text NOT NULL DEFAULT 'open'",
    'ALTER TABLE notes ADD COLUMN IF NOT EXISTS context jsonb',
    'ALTER TABLE notes ADD CONSTRAINT notes_author_present CHECK (author IS NOT NULL) NOT VALID',
    'ALTER TABLE notes ALTER COLUMN author DROP NOT NULL',
    'ALTER TABLE notes ALTER COLUMN status DROP DEFAULT',
    'ALTER TABLE notes DROP CONSTRAINT notes_body_check',
    'CREATE INDEX notes_author_idx ON notes (author)',
    'DROP INDEX IF EXISTS notes_author_idx',
  ])('lets %s through (an expand step)', (sql) => {
    expect(rules(sql)).toEqual([]);
  });

  it('lets a breaking statement through only as the marked contract step of an earlier migration of the service', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'expand-contract-'));
    const dir = path.join(repo, 'services', 'notes', 'src', 'migrations');
    fs.mkdirSync(dir, { recursive: true });
    const write = (name: string, up: string, extra = '') =>
      fs.writeFileSync(path.join(dir, `${name}.ts`), migration(up, extra).replace(/Example1900000000100/g, name));
    try {
      write('AddWriter1900000000100', 'ALTER TABLE notes ADD COLUMN writer text NULL');
      write('DropAuthor1900000000200', 'ALTER TABLE notes DROP COLUMN author');
      expect(violations(repo, 0)).toEqual([expect.stringMatching(/DropAuthor1900000000200\.ts: DROP COLUMN: .*contract-of/)]);
      write('DropAuthor1900000000200', 'ALTER TABLE notes DROP COLUMN author', '// contract-of: AddWriter1900000000100');
      expect(violations(repo, 0)).toEqual([]);
      write('DropAuthor1900000000200', 'ALTER TABLE notes DROP COLUMN author', '// contract-of: AddWriter1900000000300');
      expect(violations(repo, 0)).toEqual([expect.stringMatching(/must name an earlier migration/)]);
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });

  it('reads up() only: the down() of an additive migration drops what up() added', () => {
    expect(rules('CREATE TABLE notes (id int)')).toEqual([]);
  });

  it('ignores SQL in comments', () => {
    expect(rules('-- was: ALTER TABLE notes DROP COLUMN author\nALTER TABLE notes ADD COLUMN writer text')).toEqual([]);
  });
});
