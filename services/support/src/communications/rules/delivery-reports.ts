import type { DeliveryStatus } from '../../../contracts';

/** Africa's Talking's final delivery states, and the delivery log's status each one means. */
const DELIVERED = 'Success';
const NOT_DELIVERED = new Set(['Failed', 'Rejected']);

/**
 * The delivery log's statuses no report changes: a message delivered or failed stays so (reports may arrive late, out
 * of order, or be replayed by anyone who saw one: the callback's secret is in its URL).
 */
export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['delivered', 'failed'];

/** The status a provider's report moves a message to: delivered, failed, or none (an interim report: Sent, Buffered...). */
export function reportedStatus(providerStatus: string): Extract<DeliveryStatus, 'delivered' | 'failed'> | null {
  return providerStatus === DELIVERED ? 'delivered' : NOT_DELIVERED.has(providerStatus) ? 'failed' : null;
}

/**
 * Whether a report changes the logged message: never once the message is in a final state, and not when it would leave
 * both the status and the provider status as recorded (a duplicate changes nothing, not even the row's time). The
 * send's own answer is recorded as the provider status too ('Success': accepted), so a report is compared on both.
 */
export function reportApplies(current: { status: string; provider_status: string | null }, providerStatus: string): boolean {
  if ((FINAL_DELIVERY_STATUSES as readonly string[]).includes(current.status)) return false;
  return (reportedStatus(providerStatus) ?? current.status) !== current.status || current.provider_status !== providerStatus;
}
