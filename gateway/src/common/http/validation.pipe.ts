import { ArgumentMetadata, BadRequestException, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
import { createZodValidationPipe } from 'nestjs-zod';
import { MAX_ID, parseId } from './id-param.pipe';
import { findOutOfRangeNumber, findUnsafeText, UNSAFE_TEXT_MESSAGE } from './safe-input';

function strictInteger(value: string, metadata: ArgumentMetadata): number {
  const parsed = metadata.type === 'param' ? parseId(value) : /^[0-9]{1,10}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : undefined;
  if (parsed !== undefined) return parsed;
  const message = metadata.type === 'param' ? 'Invalid id' : `${metadata.data ?? 'value'} must be a whole number from 0 to ${MAX_ID}`;
  throw new BadRequestException({ statusCode: 400, message, errors: [message] });
}

function messagesOf(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [...Object.values(error.constraints ?? {}), ...messagesOf(error.children ?? [])]);
}

/** A class made by nestjs-zod's createZodDto (it marks them so; its own isZodDto lives in a subpath our module resolution does not read). */
const isZodDto = (metatype: unknown): boolean => typeof metatype === 'function' && (metatype as { isZodDto?: unknown }).isZodDto === true;

/** The first of zod's issues is the message shown (like class-validator's first constraint); all are in `errors`. */
const ZodPipe = createZodValidationPipe({
  createValidationException: (error) => {
    const issues = (error as { issues?: { message: string }[] }).issues ?? [];
    const messages = issues.map((issue) => issue.message);
    return new BadRequestException({ statusCode: 400, message: messages[0] ?? 'Invalid request', errors: messages });
  },
});

/**
 * The gateway's one input pipe (global): before validation, any NUL or unpaired surrogate in any string of
 * any body, query or path parameter is a 400 (PostgreSQL would answer 500); after it, any number no integer
 * column can hold is a 400. Every controller gets both without declaring anything.
 */
export class GatewayValidationPipe extends ValidationPipe {
  private readonly zod: PipeTransform = new ZodPipe();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (findUnsafeText(value) !== undefined) {
      throw new BadRequestException({ statusCode: 400, message: UNSAFE_TEXT_MESSAGE, errors: [UNSAFE_TEXT_MESSAGE] });
    }
    if (metadata.metatype === Number && typeof value === 'string' && (metadata.type === 'param' || metadata.type === 'query')) {
      // Nest would convert with `+value` ('0x39' → 57, '1e3' → 1000): a number in a path or query is decimal digits.
      return strictInteger(value, metadata);
    }
    // a body or query declared by a contract's zod schema (createZodDto) is checked by that schema (nestjs-zod)
    const result: unknown = isZodDto(metadata.metatype) ? await this.zod.transform(value, metadata) : await super.transform(value, metadata);
    const outOfRange = metadata.type === 'custom' ? undefined : findOutOfRangeNumber(result, metadata.data ?? '');
    if (outOfRange !== undefined) {
      const message = `${outOfRange} is out of range`;
      throw new BadRequestException({ statusCode: 400, message, errors: [message] });
    }
    return result;
  }
}

/**
 * Bodies and queries are validated by class-validator DTOs with the messages of CONTRACT.md §5.
 * Unknown fields are stripped (a patient cannot set their own role). The first message is the one
 * shown; all of them are in `errors`.
 */
export function createValidationPipe(): ValidationPipe {
  return new GatewayValidationPipe({
    whitelist: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const messages = messagesOf(errors);
      return new BadRequestException({ statusCode: 400, message: messages[0] ?? 'Invalid request', errors: messages });
    },
  });
}
