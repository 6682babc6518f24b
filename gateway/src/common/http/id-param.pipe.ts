import { BadRequestException, PipeTransform } from '@nestjs/common';

/** The largest id a PostgreSQL `integer`/`serial` column holds. */
export const MAX_ID = 2_147_483_647;
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A positive 32-bit decimal id ('57'), or undefined: never '0x39', '5.0', '1e3', ' 7' or 2147483648. */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : undefined;
  if (typeof value !== 'string' || !DECIMAL_ID.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_ID ? id : undefined;
}

/**
 * Numeric ids in paths: a positive 32-bit decimal integer, else 400 "Invalid id" (never a 500 from
 * PostgreSQL's integer range, never `Number('0x39')` reading appointment 57).
 */
export const IdParam: PipeTransform<unknown, number> = {
  transform(value: unknown): number {
    const id = parseId(value);
    if (id === undefined) throw new BadRequestException('Invalid id');
    return id;
  },
};

/** Server-chosen UUIDs in paths (profile pictures): anything else is 404, as an unknown id would be. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
