import { ArgumentMetadata, BadRequestException, PipeTransform } from '@nestjs/common';
import { createZodValidationPipe } from 'nestjs-zod';
import { ZodError } from 'zod';
import { issueMessages } from '@afya/service-shared/schema';
import { MAX_ID, parseId } from './id-param.pipe';
import { findOutOfRangeNumber, findUnsafeText, UNSAFE_TEXT_MESSAGE } from './safe-input';

function strictInteger(value: string, metadata: ArgumentMetadata): number {
  const parsed = metadata.type === 'param' ? parseId(value) : /^[0-9]{1,10}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : undefined;
  if (parsed !== undefined) return parsed;
  const message = metadata.type === 'param' ? 'Invalid id' : `${metadata.data ?? 'value'} must be a whole number from 0 to ${MAX_ID}`;
  throw new BadRequestException({ statusCode: 400, message, errors: [message] });
}

/** A refused request: the first message is the one shown; every field's first message is in `errors`. */
function invalidRequest(messages: string[]): BadRequestException {
  return new BadRequestException({ statusCode: 400, message: messages[0] ?? 'Invalid request', errors: messages });
}

const isZodDto = (metatype: unknown) => (metatype as { isZodDto?: unknown } | undefined)?.isZodDto === true;

/**
 * Bodies and queries are typed with the contracts' schemas (createZodDto in the controllers) and validated by them,
 * with the messages of CONTRACT.md §5. Unknown fields are dropped (a patient cannot set their own role).
 */
const ZodPipe = createZodValidationPipe({
  createValidationException: (error: unknown) => invalidRequest(error instanceof ZodError ? issueMessages(error) : []),
});

/**
 * The gateway's one input pipe (global): before validation, any NUL or unpaired surrogate in any string of
 * any body, query or path parameter is a 400 (PostgreSQL would answer 500); after it, any number no integer
 * column can hold is a 400. Every controller gets both without declaring anything.
 */
export class GatewayValidationPipe implements PipeTransform {
  private readonly zod = new ZodPipe();

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (findUnsafeText(value) !== undefined) {
      throw new BadRequestException({ statusCode: 400, message: UNSAFE_TEXT_MESSAGE, errors: [UNSAFE_TEXT_MESSAGE] });
    }
    if (metadata.metatype === Number && typeof value === 'string' && (metadata.type === 'param' || metadata.type === 'query')) {
      // Nest would convert with `+value` ('0x39' → 57, '1e3' → 1000): a number in a path or query is decimal digits.
      return strictInteger(value, metadata);
    }
    if (!isZodDto(metadata.metatype)) return value;
    // An empty body or query is an object without fields (each field then says what it lacks).
    const result: unknown = await this.zod.transform(value ?? {}, metadata);
    const outOfRange = metadata.type === 'custom' ? undefined : findOutOfRangeNumber(result, metadata.data ?? '');
    if (outOfRange !== undefined) {
      const message = `${outOfRange} is out of range`;
      throw new BadRequestException({ statusCode: 400, message, errors: [message] });
    }
    return result;
  }
}

export function createValidationPipe(): GatewayValidationPipe {
  return new GatewayValidationPipe();
}
