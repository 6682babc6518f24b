import { Logger } from '@nestjs/common';
import { Writable } from 'node:stream';
import { runWithRequestContext } from '../context/request-context';
import { createLogger, logLevelFrom } from './logger';
import { PinoNestLogger } from './nest-logger';

/** A destination that keeps every line pino writes, parsed. */
function capture(): { stream: Writable; lines: Record<string, unknown>[]; raw: string[] } {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, raw, get lines() { return raw.map((line) => JSON.parse(line) as Record<string, unknown>); } };
}

describe('process logger', () => {
  it('writes one JSON line per event with time, level name, service and message, no colours', () => {
    const out = capture();
    const logger = createLogger({ service: 'appointment', level: 'info', destination: out.stream });
    logger.info('booked');
    logger.debug('not at info');
    expect(out.raw).toHaveLength(1);
    expect(out.raw[0]).not.toContain(`${String.fromCharCode(27)}[`); // no ANSI colour sequence
    expect(out.lines[0]).toMatchObject({ level: 'info', service: 'appointment', msg: 'booked' });
    expect(new Date(String(out.lines[0].time)).toISOString()).toBe(out.lines[0].time);
  });

  it('adds every field of the current request context to the line', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', destination: out.stream });
    runWithRequestContext({ requestId: 'req-42', traceparent: '00-abc-def-01' }, () => logger.info('inside'));
    logger.info('outside');
    expect(out.lines[0]).toMatchObject({ requestId: 'req-42', traceparent: '00-abc-def-01' });
    expect(out.lines[1].requestId).toBeUndefined();
  });

  it('never writes passwords, tokens, phones, card data or medical fields, at any of the first three depths', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', destination: out.stream });
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl';
    logger.warn({
      password: 'Secret#123',
      req: { headers: { authorization: `Bearer ${jwt}`, cookie: 'sid=abc' } },
      payload: { contact_phone: '+254712345678', record: { diagnosis: 'Malaria', notes: 'fever for 3 days' } },
      card: { number: '4242424242424242' },
      medicines: [{ name: 'Amoxicillin' }],
    }, `token was ${jwt}`);
    const text = out.raw.join('\n');
    for (const secret of ['Secret#123', jwt, 'sid=abc', '+254712345678', 'Malaria', 'fever for 3 days', '4242424242424242', 'Amoxicillin']) {
      expect(text).not.toContain(secret);
    }
    expect(out.lines[0].msg).toBe('token was [jwt]');
    expect(out.lines[0].password).toBe('[redacted]');
  });

  it('keeps an error\'s stack inside the JSON and drops the values a database error carries', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', destination: out.stream });
    const error = Object.assign(new Error('duplicate key value'), { code: '23505', parameters: ['0712345678'], detail: 'Key (phone)=(0712345678)' });
    logger.error({ err: error }, 'insert failed');
    const line = out.lines[0] as { err: Record<string, unknown> };
    expect(line.err).toMatchObject({ type: 'Error', message: 'duplicate key value', code: '23505' });
    expect(String(line.err.stack)).toContain('logging.spec.ts');
    expect(out.raw[0]).not.toContain('0712345678');
  });

  it('never writes the M-Pesa callback token a URL in a message or an error carries', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', destination: out.stream });
    const token = 'Zk3v_9QmT2xW7pLr4sNb8yHc1dGf6jAe0uIo5';
    logger.warn(`fetch https://afya.example/api/mpesa/callback/${token} failed`);
    logger.error({ err: new Error(`POST /api/mpesa/transaction-status/${token}/timeout refused`) }, 'status result');
    expect(out.raw.join('\n')).not.toContain(token);
    expect(out.lines[0].msg).toBe('fetch https://afya.example/api/mpesa/callback/[redacted] failed');
  });

  it('reads LOG_LEVEL in pino or Nest names, and refuses a typo', () => {
    expect(logLevelFrom('')).toBe('info');
    expect(logLevelFrom('log')).toBe('info');
    expect(logLevelFrom('verbose')).toBe('trace');
    expect(logLevelFrom('WARN')).toBe('warn');
    expect(() => logLevelFrom('loud')).toThrow(/LOG_LEVEL=loud/);
  });
});

describe('PinoNestLogger (Nest\'s Logger calls)', () => {
  afterEach(() => Logger.overrideLogger(['error']));

  it('turns Nest\'s (message, stack, context) and (message, context) into JSON with context and err', () => {
    const out = capture();
    Logger.overrideLogger(new PinoNestLogger(createLogger({ level: 'debug', destination: out.stream })));
    const logger = new Logger('EventConsumer');
    logger.log('consumer started');
    logger.error('consumer stopped', new Error('boom').stack);
    logger.error(new Error('thrown'));
    logger.debug({ consumer: 'reporting', pending: 3 });
    expect(out.lines[0]).toMatchObject({ level: 'info', context: 'EventConsumer', msg: 'consumer started' });
    expect(out.lines[1]).toMatchObject({ level: 'error', context: 'EventConsumer', msg: 'consumer stopped' });
    expect(String((out.lines[1].err as { stack: string }).stack)).toMatch(/Error: boom\n\s+at /);
    expect(out.lines[2]).toMatchObject({ level: 'error', msg: 'thrown', err: { type: 'Error', message: 'thrown' } });
    expect(out.lines[3]).toMatchObject({ level: 'debug', context: 'EventConsumer', consumer: 'reporting', pending: 3 });
  });

  it('narrows to a level list given to Nest, never below LOG_LEVEL', () => {
    const out = capture();
    const nest = new PinoNestLogger(createLogger({ level: 'warn', destination: out.stream }));
    nest.setLogLevels(['error', 'warn', 'log']);
    nest.log('stays below warn');
    nest.setLogLevels(['error']);
    nest.warn('now below error');
    nest.error('shown');
    expect(out.lines.map((line) => line.msg)).toEqual(['shown']);
  });
});
