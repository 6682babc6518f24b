import { BadRequestException, ParseIntPipe } from '@nestjs/common';

/** Numeric ids in paths: anything else is a 400 with a readable message, never a 500. */
export const IdParam = new ParseIntPipe({ exceptionFactory: () => new BadRequestException('Invalid id') });
