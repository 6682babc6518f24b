export { testInfrastructure, eventually } from './infrastructure';
export type { TestInfrastructure } from './infrastructure';
export { calendarSweep, nairobi, sweepAddDays, SWEEP_TIMES, SWEEP_WEEK_STARTS } from './calendar-grid';
export type { SweepInstant } from './calendar-grid';
