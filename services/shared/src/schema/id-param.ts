/**
 * A numeric id in a declared call's path (`/support/{id}`): exactly the gateway's IdParam rule, a positive 32-bit
 * decimal integer ('57'), read as a number; anything else is 'Invalid id' (never '0x39', '5.0', '1e3', ' 7', '-1' or
 * 2147483648, which no integer column holds). `wholeNumber` would accept ' 7' and answer 'id is out of range'.
 */
import { z } from 'zod';

/** The largest id a PostgreSQL `integer`/`serial` column holds. */
const MAX_ID = 2_147_483_647;
const INVALID_ID = 'Invalid id';

export const idParam = z
  .string({ error: INVALID_ID })
  .regex(/^[1-9][0-9]{0,9}$/, INVALID_ID)
  .refine((id) => Number(id) <= MAX_ID, INVALID_ID)
  .transform(Number)
  .meta({ description: 'A positive whole number (at most 2147483647)', example: '57' });
