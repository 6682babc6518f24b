import { TYPE_FEES, UNKNOWN_TYPE_FEE } from '../../contracts';

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
