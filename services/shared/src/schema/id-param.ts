import { z } from 'zod';

/** The largest id a PostgreSQL `integer`/`serial` column holds. */
const MAX_ID = 2_147_483_647;
const INVALID_ID = 'Invalid id';

/**
 * A numeric id in a declared call's path (`{id}`): a positive 32-bit decimal integer, else 'Invalid id', exactly the
 * gateway's IdParam rule (never '0x39', '5.0', '1e3', ' 7' or 2147483648). `wholeNumber` would accept ' 7' and answer
 * 'id is out of range' for 2147483648.
 */
export const idParam = z
  .string({ error: INVALID_ID })
  .regex(/^[1-9][0-9]{0,9}$/, INVALID_ID)
  .transform(Number)
  .pipe(z.number().max(MAX_ID, INVALID_ID))
  .meta({ description: 'A positive whole number (at most 2147483647)' });
