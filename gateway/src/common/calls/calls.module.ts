import { HttpException, Module } from '@nestjs/common';
import { ORPCModule } from '@orpc/nest';
import type { FastifyReply } from 'fastify';
import { JsonText } from '@afya/service-shared';
import { AppointmentCalls } from '@afya/appointment-service/contracts';
import { PaymentCalls } from '@afya/payment-service/contracts';
import { PrescriptionCalls, VitalsCalls } from '@afya/prescription-service/contracts';
import { ReportingCalls } from '@afya/reporting-service/contracts';
import { AuthCalls } from '@afya/auth-service/contracts';
import { SupportCalls } from '@afya/support-service/contracts';
import { AUTH_CALL_HANDLINGS } from '../../modules/auth/auth.calls';
import { RECORD_CALL_HANDLINGS } from '../../modules/medical-history/medical-history.calls';
import { PAYMENT_CALL_HANDLINGS } from '../../modules/payments/payments.calls';
import { PRESCRIPTION_CALL_HANDLINGS } from '../../modules/prescriptions/prescriptions.calls';
import { SUPPORT_CALL_HANDLINGS } from '../../modules/support/support.calls';
import { VIDEO_CALL_HANDLINGS } from '../../modules/video/video.calls';
import { type CallHandling, declaredCallsController } from './bus-calls';
import { type CallInput, isErrorBody, refuseUnsafeText, toCallError } from './call-errors';

/** Every call declared in a service's contracts (contracts/calls.ts), by the browser client's names. */
export const DECLARED_CALLS = {
  appointments: AppointmentCalls,
  payments: PaymentCalls,
  prescriptions: PrescriptionCalls,
  reporting: ReportingCalls,
  auth: AuthCalls,
  support: SupportCalls,
  vitals: VitalsCalls,
};

/**
 * What the gateway does for some calls beyond forwarding them (a rate limit, a revocation applied, a reply unwrapped),
 * by router and call name; each module keeps its own (modules/<area>/<area>.calls.ts).
 */
const HANDLINGS: { [G in keyof typeof DECLARED_CALLS]?: Record<string, CallHandling<never> | undefined> } = {
  appointments: { ...VIDEO_CALL_HANDLINGS, ...RECORD_CALL_HANDLINGS },
  payments: PAYMENT_CALL_HANDLINGS,
  prescriptions: PRESCRIPTION_CALL_HANDLINGS,
  auth: AUTH_CALL_HANDLINGS,
  support: SUPPORT_CALL_HANDLINGS,
};

/**
 * oRPC's Nest integration, configured so a declared call answers exactly like the controller routes:
 * - its input is checked for unsafe text before the schema reads it, and every failure (a schema's messages, a
 *   service's error) becomes the API's error body `{statusCode, message, errors?, code?, details?}`;
 * - the reply goes out through Nest and Fastify (not written by oRPC): an error is rethrown as an HttpException for
 *   HttpExceptionFilter, a reply object is serialized by Fastify (`application/json; charset=utf-8`, and the
 *   preSerialization hook translates `message` for Accept-Language: sw), a list's JSON text is sent as it came.
 */
@Module({
  imports: [
    ORPCModule.forRoot({
      interceptors: [
        async ({ input, next }) => {
          try {
            refuseUnsafeText(input as CallInput);
            return await next();
          } catch (error) {
            throw toCallError(error);
          }
        },
      ],
      customErrorResponseBodyEncoder: (error) => (isErrorBody(error.data) ? error.data : { statusCode: error.status, message: error.message }),
      sendResponseInterceptors: [
        async ({ response, standardResponse }) => {
          const { status, headers, body } = standardResponse;
          if (status >= 400) throw new HttpException(body as object, status);
          const reply = response as FastifyReply;
          for (const [name, value] of Object.entries(headers)) if (value !== undefined) reply.header(name, value);
          if (body instanceof JsonText) {
            reply.header('content-type', 'application/json; charset=utf-8');
            return body.body;
          }
          return body;
        },
      ],
    }),
  ],
  controllers: Object.entries(DECLARED_CALLS).map(([group, router]) => declaredCallsController(router, HANDLINGS[group as keyof typeof DECLARED_CALLS])),
})
export class DeclaredCallsModule {}
