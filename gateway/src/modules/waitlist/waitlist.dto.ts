import { createZodDto } from 'nestjs-zod';
import { JoinWaitlistSchema } from '@afya/appointment-service/contracts';

/** POST /waitlist's body: the appointment service's contract schema (doctor, date range, type, reason). */
export class JoinWaitlistDto extends createZodDto(JoinWaitlistSchema) {}
