import type { RequestContext } from '../context/request-context';
import type { Principal } from './principal';
import { RpcFailure } from './rpc-error';

/**
 * What travels on the bus for every request: the verified caller (null for anonymous calls such as
 * login), the request's payload, and the request id so logs line up across gateway and services.
 */
export interface RpcRequest<P = unknown> {
  principal: Principal | null;
  payload: P;
  requestId?: string;
  /**
   * The caller's whole RequestContext (requestId, traceparent…): the service restores it around the handler, so its
   * log lines and the events it records carry it (ServiceNatsServer). requestId above stays for older callers.
   */
  context?: RequestContext;
  /**
   * Epoch milliseconds when the caller stops waiting (it answers 504 then). Services do not start work that
   * arrives later, and roll back transactions that would commit after it (rpc/deadline.ts).
   */
  deadline?: number;
  /**
   * The service that sends this request for the principal (e.g. 'prescription' reading an appointment for the doctor
   * writing a prescription). The gateway never sets it. Audits name it beside the person, so the patient's access log
   * says which service read their record for whom. Trusted as the principal is: only our processes may publish here.
   */
  via?: string;
}

/** The caller of a handler that requires a signed-in user. */
export function requirePrincipal(request: RpcRequest<unknown>): Principal {
  if (!request.principal) throw new RpcFailure(401, 'Authentication required');
  return request.principal;
}
