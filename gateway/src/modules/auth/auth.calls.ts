import { BadRequestException } from '@nestjs/common';
import { BinaryTransfer, subject } from '@afya/service-shared';
import { type AuthCalls, type ChangePasswordReply, type ForgotPasswordReply, MAX_PICTURE_BYTES, type Revocation } from '@afya/auth-service/contracts';
import { SupportPatterns } from '@afya/support-service/contracts';
import { RevocationStore } from '../../common/auth/revocation-store';
import type { CallHandlings } from '../../common/calls/bus-calls';
import { AuthRateLimitGuard } from '../../common/http/auth-rate-limit.guard';

export const PICTURE_TOO_LARGE = 'Profile picture must be 2 MB or smaller';

/** The browser sends a data URL (FileReader.readAsDataURL); bare base64 is accepted too. */
export function decodeDataUrl(input: string): Buffer {
  const comma = input.startsWith('data:') ? input.indexOf(',') : -1;
  return Buffer.from(comma >= 0 ? input.slice(comma + 1) : input, 'base64');
}

/**
 * What the gateway does for auth's declared calls (services/auth/contracts/calls.ts) beyond forwarding them: sign-in,
 * registration and the password reset are rate limited; sign-out and the password change apply the revocation the
 * reply carries (every replica refuses the old tokens from now on); the picture's bytes go through the file transfer.
 */
export const AUTH_CALL_HANDLINGS: CallHandlings<typeof AuthCalls> = {
  register: { guards: [AuthRateLimitGuard] },
  login: { guards: [AuthRateLimitGuard] },
  resetPassword: { guards: [AuthRateLimitGuard] },

  /**
   * The same answer, in the same time, whether or not an account matched: auth stores the request and answers before
   * looking the account up, then has the support service send the link or code.
   */
  forgotPassword: {
    guards: [AuthRateLimitGuard],
    async handle({ input: { body }, bus, caller, meta }) {
      const reply = await bus.send<ForgotPasswordReply>(subject(meta.subject), { email: body.email, phone: body.phone }, caller);
      // An auth service of the previous release (during a rollout) still leaves the sending to the gateway: handed on
      // without waiting, so the reply's time does not depend on it.
      if (reply.delivery) void bus.send(subject(SupportPatterns.passwordReset), reply.delivery, { ...caller, principal: null }).catch(() => undefined);
      return { message: reply.message };
    },
  },

  logout: {
    async handle({ bus, caller, meta, get }) {
      const reply = await bus.send<{ message: string; revocation: Revocation }>(subject(meta.subject), { jti: caller.user!.jti, exp: caller.user!.exp }, caller);
      get(RevocationStore).apply(reply.revocation);
      return { message: reply.message };
    },
  },

  changePassword: {
    async handle({ input: { body }, bus, caller, meta, get }) {
      const { revocation, ...reply } = await bus.send<ChangePasswordReply>(subject(meta.subject), body, caller);
      get(RevocationStore).apply(revocation);
      return reply;
    },
  },

  uploadPicture: {
    async handle({ input: { body }, bus, caller, meta, get }) {
      const bytes = decodeDataUrl(body.imageBase64);
      if (bytes.length > MAX_PICTURE_BYTES) throw new BadRequestException(PICTURE_TOO_LARGE);
      return bus.send(subject(meta.subject), { image: await get(BinaryTransfer).send(bytes) }, caller);
    },
  },
};
