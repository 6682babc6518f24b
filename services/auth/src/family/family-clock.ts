/**
 * The clock the family rules read (a child's 18th birthday, the day's invitation count). Real time; an integration
 * test that runs the service in its own process sets `now` to cross a birthday and puts it back (gateway/test/family).
 */
export const familyClock = {
  now: (): Date => new Date(),
};
