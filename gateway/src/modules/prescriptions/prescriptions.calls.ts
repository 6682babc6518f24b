import { subject } from '@afya/service-shared';
import type { PrescriptionCalls, PrescriptionReply } from '@afya/prescription-service/contracts';
import type { CallHandlings } from '../../common/calls/bus-calls';

/** What the gateway does for the prescription service's declared calls beyond forwarding them (services/prescription/contracts/calls.ts). */
export const PRESCRIPTION_CALL_HANDLINGS: CallHandlings<typeof PrescriptionCalls> = {
  /** One prescription: the body is the service reply's `prescription` (its fields at the top level). */
  get: {
    async handle({ input: { params }, bus, caller, meta }) {
      return (await bus.send<PrescriptionReply>(subject(meta.subject), { id: params.id }, caller)).prescription;
    },
  },
};
