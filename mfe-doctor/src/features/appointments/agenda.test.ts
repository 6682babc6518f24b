import { agendaOrder, canMarkCompleted, dayLabel, groupByDay, statusOptions } from './agenda';

// Sunday 22 November 2026, 10:15 in Nairobi (07:15 UTC).
const NOW = Date.parse('2026-11-22T07:15:00Z');
const visit = (appointment_id: number, appointment_date: string, time_slot: string, appointment_status = 'Confirmed') => ({
  appointment_id,
  appointment_date,
  time_slot,
  appointment_status,
});

describe("the doctor's agenda", () => {
  // The server's old order: furthest first.
  const list = [
    visit(1, '2026-12-10', '09:00 AM'),
    visit(2, '2026-11-23', '02:00 PM'),
    visit(3, '2026-11-23', '09:30 AM'),
    visit(4, '2026-11-22', '04:00 PM'),
    visit(5, '2026-11-22', '09:00 AM'),
    visit(6, '2026-11-20', '11:00 AM', 'Completed'),
    visit(7, '2026-11-20', '09:00 AM', 'Completed'),
    visit(8, '2026-10-01', '09:00 AM', 'Completed'),
  ];

  it('puts today and the coming days first, soonest first, then past days most recent first', () => {
    expect(agendaOrder(list, NOW).map((a) => a.appointment_id)).toEqual([5, 4, 3, 2, 1, 7, 6, 8]);
  });

  it('does not depend on the order the server answered in', () => {
    const shuffled = [list[3]!, list[7]!, list[0]!, list[5]!, list[2]!, list[6]!, list[1]!, list[4]!];
    expect(agendaOrder(shuffled, NOW)).toEqual(agendaOrder(list, NOW));
  });

  it('groups the visits by day with a header per date', () => {
    const days = groupByDay(agendaOrder(list, NOW), NOW);
    expect(days.map((d) => [d.label, d.past, d.appointments.map((a) => a.appointment_id)])).toEqual([
      ['Today · Sunday, 22 November 2026', false, [5, 4]],
      ['Tomorrow · Monday, 23 November 2026', false, [3, 2]],
      ['Thursday, 10 December 2026', false, [1]],
      ['Friday, 20 November 2026', true, [7, 6]],
      ['Thursday, 1 October 2026', true, [8]],
    ]);
  });

  it('names yesterday', () => {
    expect(dayLabel('2026-11-21', NOW)).toBe('Yesterday · Saturday, 21 November 2026');
  });
});

describe('canMarkCompleted', () => {
  it('allows Completed once the visit has started (clinic time), not before', () => {
    expect(canMarkCompleted(visit(1, '2026-11-22', '09:00 AM'), NOW)).toBe(true);
    expect(canMarkCompleted(visit(1, '2026-11-22', '10:00 AM'), NOW)).toBe(true);
    expect(canMarkCompleted(visit(1, '2026-11-22', '10:30 AM'), NOW)).toBe(false);
    expect(canMarkCompleted(visit(1, '2026-11-23', '09:00 AM'), NOW)).toBe(false);
    expect(canMarkCompleted(visit(1, '2026-11-20', '05:30 PM'), NOW)).toBe(true);
  });

  it('starts at the slot time in Nairobi, whatever the browser zone', () => {
    const at = (iso: string) => canMarkCompleted(visit(1, '2026-11-22', '02:00 PM'), Date.parse(iso));
    expect(at('2026-11-22T10:59:59Z')).toBe(false);
    expect(at('2026-11-22T11:00:00Z')).toBe(true);
  });

  it('keeps an already Completed visit selectable, and refuses an unreadable date', () => {
    expect(canMarkCompleted(visit(1, '2026-12-01', '09:00 AM', 'completed'), NOW)).toBe(true);
    expect(canMarkCompleted(visit(1, '', '09:00 AM'), NOW)).toBe(false);
  });
});

describe('statusOptions', () => {
  it('offers Completed only once the visit has started', () => {
    const later = statusOptions(visit(1, '2026-11-22', '02:00 PM'), NOW);
    expect(later.map((o) => [o.value, !!o.disabled])).toEqual([
      ['Pending', false],
      ['Confirmed', false],
      ['Completed', true],
      ['Cancelled', false],
    ]);
    expect(later[2]!.title).toBe('You can complete an appointment only once its time has started.');
    expect(statusOptions(visit(1, '2026-11-22', '09:00 AM'), NOW).every((o) => !o.disabled)).toBe(true);
  });
});
