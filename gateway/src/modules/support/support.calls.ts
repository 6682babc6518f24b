import { subject } from '@afya/service-shared';
import type { SupportCalls } from '@afya/support-service/contracts';
import type { CallHandlings } from '../../common/calls/bus-calls';
import { ContactRateLimitGuard } from './contact-rate-limit.guard';

/**
 * What the gateway does for support's declared calls (services/support/contracts/calls.ts) beyond forwarding them: the
 * public contact form is rate limited, and its message is sent as nobody's (a signed-in sender is not its author).
 */
export const SUPPORT_CALL_HANDLINGS: CallHandlings<typeof SupportCalls> = {
  contact: {
    guards: [ContactRateLimitGuard],
    handle: ({ input: { body }, bus, caller, meta }) => bus.send(subject(meta.subject), body, { principal: null, requestId: caller.requestId }),
  },
};
