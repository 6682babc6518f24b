import { APPOINTMENT_TYPES, type AppointmentType, DEFAULT_APPOINTMENT_TYPE, TYPE_FEES, UNKNOWN_TYPE_FEE } from '../../contracts';

/** The default fee of an appointment type in Ksh (CONTRACT.md §9); an unknown type costs 150. */
export function typeFee(type: string): number {
  return Object.prototype.hasOwnProperty.call(TYPE_FEES, type) ? TYPE_FEES[type as keyof typeof TYPE_FEES] : UNKNOWN_TYPE_FEE;
}

/**
 * What a booking costs: the doctor's consultation fee when one is set, else the type's default.
 * The amount a client sends is never used.
 */
export function bookingAmount(type: string, doctorFee: number | string | null | undefined): number {
  if (doctorFee !== null && doctorFee !== undefined && doctorFee !== '') {
    const fee = Number(doctorFee);
    if (Number.isFinite(fee) && fee >= 0) return fee;
  }
  return typeFee(type);
}

/**
 * The type of a booking: the one the client names; a client that names none (the request of the original
 * client carries only the amount it showed) gets the type whose default fee equals that amount, else
 * DEFAULT_APPOINTMENT_TYPE. Returns undefined for a named type that does not exist (the caller refuses it).
 */
export function bookingType(named: unknown, totalAmount: unknown): AppointmentType | undefined {
  if (named !== undefined && named !== null && named !== '') {
    return (APPOINTMENT_TYPES as readonly unknown[]).includes(named) ? (named as AppointmentType) : undefined;
  }
  const amount = typeof totalAmount === 'string' && totalAmount.trim() !== '' ? Number(totalAmount) : totalAmount;
  if (typeof amount === 'number' && Number.isFinite(amount)) {
    const match = APPOINTMENT_TYPES.find((type) => TYPE_FEES[type] === amount);
    if (match) return match;
  }
  return DEFAULT_APPOINTMENT_TYPE;
}
