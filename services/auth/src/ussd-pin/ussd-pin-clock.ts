/** The clock the USSD lock reads; an integration test may move it past the 15 minutes (like familyClock). */
export const ussdPinClock = {
  now: (): Date => new Date(),
};
