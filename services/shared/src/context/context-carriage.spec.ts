import { headers as natsHeaders } from 'nats';
import { portableContext, requestContextFromHeaders, requestContextHeaders } from './context-carriage';
import { runWithRequestContext } from './request-context';

describe('request context carriage (envelope, outbox row, message headers)', () => {
  const context = { requestId: 'req-7', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'afya=1' };

  it('sends every RequestContext field as its header and reads the same context back', () => {
    const headers = requestContextHeaders(context)!;
    expect(headers.get('x-request-id')).toBe('req-7');
    expect(headers.get('traceparent')).toBe(context.traceparent);
    expect(requestContextFromHeaders(headers)).toEqual(context);
  });

  it('takes the current context when none is given, and nothing outside a request', () => {
    expect(runWithRequestContext({ requestId: 'req-8' }, () => portableContext())).toEqual({ requestId: 'req-8' });
    expect(portableContext()).toBeUndefined();
    expect(requestContextHeaders(undefined)).toBeUndefined();
  });

  it('keeps only known fields with sane values (a header is input from the bus)', () => {
    const hostile = natsHeaders();
    hostile.set('x-request-id', 'a'.repeat(600));
    hostile.set('x-other', 'x');
    expect(requestContextFromHeaders(hostile)).toEqual({});
    expect(portableContext({ requestId: 'ok', extra: 'dropped' } as never)).toEqual({ requestId: 'ok' });
  });
});
