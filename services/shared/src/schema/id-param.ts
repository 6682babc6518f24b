/**
 * A numeric id in a declared call's path (`/appointments/{id}`): exactly the gateway's IdParam rule. A positive 32-bit
 * decimal integer ('57'; the browser's client may pass the number), else 'Invalid id': never '0x39', '5.0', '1e3',
 * ' 7', '-1' or 2147483648 (wholeNumber would accept ' 7' and answer 'id is out of range'). Pure zod.
 */
import { z } from 'zod';

/** The largest id a PostgreSQL `integer`/`serial` column holds. */
const MAX_ID = 2_147_483_647;
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;
const INVALID_ID = 'Invalid id';

export const idParam = z
  .union([z.string({ error: INVALID_ID }).regex(DECIMAL_ID, INVALID_ID), z.number({ error: INVALID_ID }).int(INVALID_ID).min(1, INVALID_ID).max(MAX_ID, INVALID_ID)], { error: INVALID_ID })
  .transform(Number)
  .pipe(z.number().max(MAX_ID, INVALID_ID))
  .meta({ description: 'A positive whole number (at most 2147483647)', example: 57 });
