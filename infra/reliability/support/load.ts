// Request loops for the fault suite: bounded in time, only to the platform on this machine.

export interface Sample {
  at: number;
  ms: number;
  status: number | 'error';
  id?: number;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface Slot {
  doctor_id: number;
  appointment_date: string;
  time_slot: string;
}

export async function api(baseUrl: string, method: string, path: string, token?: string, body?: unknown, timeoutMs = 15_000) {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the route answers
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, body: json, ms: Date.now() - started };
  } catch {
    return { status: 'error' as const, body: null, ms: Date.now() - started };
  }
}

export const bookingBody = (slot: Slot) => ({ ...slot, appointment_type: 'Consultation', notes: 'Follow-up for a persistent cough.' });

/**
 * A steady booking load: `clients` loops, each taking the next free slot and booking it as one of the
 * patients, until stop(). Every answer is kept (status, time, appointment id when 201).
 */
export class BookingLoad {
  readonly samples: Sample[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(baseUrl: string, tokens: string[], slots: Slot[], clients: number) {
    let turn = 0;
    this.loops = Array.from({ length: clients }, async () => {
      while (this.running && slots.length > 0) {
        const slot = slots.shift()!;
        const token = tokens[turn++ % tokens.length];
        const at = Date.now();
        const response = await api(baseUrl, 'POST', '/appointments', token, bookingBody(slot));
        this.samples.push({ at, ms: response.ms, status: response.status, id: response.status === 201 ? response.body?.appointment?.appointment_id : undefined });
        // 503: not booked (no responder, or the database refused): the slot is still free, keep it for later.
        // Pause briefly on any failure so an outage does not spin through the slots.
        if (response.status === 503) slots.push(slot);
        if (response.status !== 201) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
  }

  acknowledged(): number[] {
    return this.samples.filter((s) => s.status === 201).map((s) => s.id!);
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

/**
 * When the platform books again after a fault: from `from`, starts one booking every `everyMs` (not waiting for
 * the previous, whose request may sit out a timeout) until one is acknowledged; resolves with the start time of the
 * first acknowledged one. Bounded by `timeoutMs`. Its bookings count as acknowledged writes too (`acked`).
 */
export async function firstBookingAfter(baseUrl: string, tokens: string[], slots: Slot[], acked: number[], everyMs = 200, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  let firstAt: number | null = null;
  const pending: Promise<void>[] = [];
  for (let i = 0; firstAt === null && Date.now() - started < timeoutMs && slots.length > 0; i++) {
    const slot = slots.shift()!;
    const at = Date.now();
    pending.push(
      api(baseUrl, 'POST', '/appointments', tokens[i % tokens.length], bookingBody(slot), 10_000).then((response) => {
        if (response.status !== 201) return;
        acked.push(response.body.appointment.appointment_id);
        if (firstAt === null || at < firstAt) firstAt = at;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  await Promise.all(pending);
  if (firstAt === null) throw new Error(`no booking acknowledged within ${timeoutMs} ms`);
  return firstAt;
}
