import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTACT_SUBJECT_VALUES, CONTACT_SUBJECTS, SupportEvents, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../contracts';

/** The migration froze copies of the catalog's lists in CHECK constraints: a change to one needs the other. */
describe('support catalog', () => {
  const migration = readFileSync(path.join(__dirname, 'migrations/1763900000400-create-tickets.ts'), 'utf8');
  const frozen = (name: string) => JSON.parse(migration.match(new RegExp(`const ${name} = (\\[[^\\]]*\\])`))![1].replace(/'/g, '"'));

  it('agrees with the migration on statuses, priorities and categories', () => {
    expect(frozen('STATUSES')).toEqual([...TICKET_STATUSES]);
    expect(frozen('PRIORITIES')).toEqual([...TICKET_PRIORITIES]);
    expect(frozen('CATEGORIES')).toEqual([...TICKET_CATEGORIES]);
  });

  it('maps every contact subject choice to a ticket category', () => {
    expect(Object.keys(CONTACT_SUBJECTS)).toEqual([...CONTACT_SUBJECT_VALUES]);
    for (const choice of CONTACT_SUBJECT_VALUES) expect(TICKET_CATEGORIES).toContain(CONTACT_SUBJECTS[choice].category);
    for (const choice of CONTACT_SUBJECT_VALUES) expect(choice.length).toBeGreaterThanOrEqual(5);
  });

  it('names the events other services consume', () => {
    expect(SupportEvents).toEqual({ created: 'support.ticket.created.v1', updated: 'support.ticket.updated.v1', deleted: 'support.ticket.deleted.v1', messageCreated: 'support.ticket.message.created.v1', auditRecorded: 'support.audit.recorded.v1' });
  });
});
