// The peer's HTTP app: NestJS on its default platform (Express), a JWT guard and a zod pipe as the NestJS docs write
// them, and a ClientProxy over NATS to the microservice (appointments.service.ts).
import { readFileSync } from 'node:fs';
import {
  ArgumentMetadata,
  BadRequestException,
  Body,
  CanActivate,
  Controller,
  ExecutionContext,
  Get,
  HttpException,
  Inject,
  Injectable,
  Module,
  PipeTransform,
  Post,
  Req,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { JwtModule, JwtService } from '@nestjs/jwt';
import { ClientProxy, ClientsModule, Transport } from '@nestjs/microservices';
import { catchError, Observable, throwError, timeout } from 'rxjs';
import type { ZodType } from 'zod';
import { BookPayloadSchema, DEFAULT_APPOINTMENT_TYPE, DEFAULT_VISIT_MODE } from '@afya/appointment-service/contracts';
import { BOOK_PATTERN, BookMessage, LIST_PATTERN } from './appointments.service';

const APPOINTMENTS_SERVICE = 'APPOINTMENTS_SERVICE';

interface Claims {
  sub: string;
  role: string;
}

/** The request as the guard leaves it (Express's request; only these fields are read). */
interface SignedInRequest {
  headers: { authorization?: string };
  user: Claims;
}

/** The docs' AuthGuard: the bearer token verified with the platform's public key, its claims on the request. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly jwtService: JwtService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SignedInRequest>();
    const [type, token] = request.headers.authorization?.split(' ') ?? [];
    if (type !== 'Bearer' || !token) throw new UnauthorizedException();
    try {
      request.user = await this.jwtService.verifyAsync<Claims>(token);
    } catch {
      throw new UnauthorizedException();
    }
    return true;
  }
}

/** The docs' ZodValidationPipe (Pipes, "object schema validation"), with the platform's own booking schema. */
export class ZodValidationPipe implements PipeTransform {
  constructor(private readonly schema: ZodType) {}

  transform(value: unknown, _metadata: ArgumentMetadata): unknown {
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) throw new BadRequestException(parsed.error.issues.map((issue) => issue.message));
    return parsed.data;
  }
}

/** The microservice's RpcException({statusCode, message}) back into the same HTTP status; no answer in 5 s is a 504. */
function fromService<T>(reply: Observable<T>): Observable<T> {
  return reply.pipe(
    timeout(5000),
    catchError((error: { statusCode?: number; message?: string; name?: string }) =>
      throwError(() => new HttpException(error.message ?? 'Internal server error', error.name === 'TimeoutError' ? 504 : (error.statusCode ?? 500))),
    ),
  );
}

interface BookBody {
  doctor_id: number;
  appointment_date: string;
  time_slot: string;
  appointment_type?: string;
  notes: string;
  visit_mode?: string;
}

@Controller('appointments')
@UseGuards(AuthGuard)
export class AppointmentsHttpController {
  constructor(@Inject(APPOINTMENTS_SERVICE) private readonly client: ClientProxy) {}

  @Get()
  list(@Req() request: SignedInRequest): Observable<unknown> {
    return fromService(this.client.send(LIST_PATTERN, Number(request.user.sub)));
  }

  @Post()
  book(@Req() request: SignedInRequest, @Body(new ZodValidationPipe(BookPayloadSchema)) body: BookBody): Observable<unknown> {
    if (request.user.role !== 'user') throw new HttpException('Only patients can book appointments', 403);
    const message: BookMessage = {
      userId: Number(request.user.sub),
      doctor_id: body.doctor_id,
      appointment_date: body.appointment_date,
      time_slot: body.time_slot,
      appointment_type: body.appointment_type ?? DEFAULT_APPOINTMENT_TYPE,
      notes: body.notes,
      visit_mode: body.visit_mode ?? DEFAULT_VISIT_MODE,
    };
    return fromService(this.client.send(BOOK_PATTERN, message));
  }
}

/** NATS_URL; JWT_PUBLIC_KEY_FILE: the platform's RS256 public key (PEM), so the platform's tokens sign in here too. */
@Module({
  imports: [
    JwtModule.register({ publicKey: readFileSync(process.env.JWT_PUBLIC_KEY_FILE ?? 'jwt-public.pem', 'utf8'), verifyOptions: { algorithms: ['RS256'] } }),
    ClientsModule.register([{ name: APPOINTMENTS_SERVICE, transport: Transport.NATS, options: { servers: [process.env.NATS_URL || 'nats://127.0.0.1:4222'] } }]),
  ],
  controllers: [AppointmentsHttpController],
  providers: [AuthGuard],
})
export class PeerHttpModule {}
