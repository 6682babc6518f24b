import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function messagesOf(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [...Object.values(error.constraints ?? {}), ...messagesOf(error.children ?? [])]);
}

/**
 * Bodies and queries are validated by class-validator DTOs with the messages of SPEC.md section 5.
 * Unknown fields are stripped (a patient cannot set their own role). The first message is the one
 * shown; all of them are in `errors`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
