const SLOT = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i;

/** A slot label's minutes after midnight ('02:30 PM' → 870), for ordering a day's visits; an unreadable label last. */
export function slotOrder(slot: string): number {
  const match = SLOT.exec(slot.trim());
  if (!match) return 24 * 60;
  const hours = (Number(match[1]) % 12) + (match[3].toUpperCase() === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/** What the waiting-room screen shows of a queue: numbers only (no names), those called in and those still waiting. */
export function displayNumbers(entries: readonly { queue_number: number; state: string }[]): { called: number[]; waiting: number[] } {
  const numbers = (state: string) => entries.filter((e) => e.state === state).map((e) => e.queue_number).sort((a, b) => a - b);
  return { called: numbers('called'), waiting: numbers('waiting') };
}
