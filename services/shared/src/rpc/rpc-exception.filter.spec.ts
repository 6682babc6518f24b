import { ArgumentsHost, Logger } from '@nestjs/common';
import { lastValueFrom } from 'rxjs';
import { QueryFailedError } from 'typeorm';
import { RpcErrorBody, RpcFailure } from './rpc-error';
import { ServiceExceptionFilter, sqlStateOf } from './rpc-exception.filter';

const host = { switchToRpc: () => ({ getData: () => ({ requestId: 'r-1' }) }) } as unknown as ArgumentsHost;

async function bodyFor(exception: unknown): Promise<RpcErrorBody> {
  return lastValueFrom(new ServiceExceptionFilter().catch(exception, host)).catch((error: RpcErrorBody) => error);
}

function queryFailed(code: string, message: string): QueryFailedError {
  return new QueryFailedError('SELECT 1', [], Object.assign(new Error(message), { code }));
}

describe('ServiceExceptionFilter', () => {
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(['22003', '22P02', '22021', '22008'])('PostgreSQL data exception %s → 400, no stack logged', async (code) => {
    expect(await bodyFor(queryFailed(code, 'value "2147483648" is out of range for type integer'))).toEqual({
      statusCode: 400,
      message: 'The request contains a value that cannot be stored',
      code: 'INVALID_DATA',
    });
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['08006', 'connection failure'],
    ['57P03', 'the database system is starting up'],
  ])('PostgreSQL unreachable (%s) → 503, no stack logged', async (code, message) => {
    expect(await bodyFor(queryFailed(code, message))).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(error).not.toHaveBeenCalled();
  });

  it('a refused or cut connection → 503', async () => {
    expect((await bodyFor(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5450'), { code: 'ECONNREFUSED' }))).statusCode).toBe(503);
    expect((await bodyFor(new Error('Connection terminated unexpectedly'))).statusCode).toBe(503);
    // TypeORM, when PostgreSQL ended the connection in the middle of a transaction.
    expect((await bodyFor(new Error('Database connection provided by a query runner was already released, cannot continue to use its querying methods anymore.'))).statusCode).toBe(503);
    expect(error).not.toHaveBeenCalled();
  });

  it('a cancelled statement (statement_timeout) → 504', async () => {
    expect((await bodyFor(queryFailed('57014', 'canceling statement due to statement timeout'))).statusCode).toBe(504);
  });

  it('a 4xx thrown on purpose passes unchanged and is not logged', async () => {
    expect(await bodyFor(new RpcFailure(409, 'Taken'))).toEqual({ statusCode: 409, message: 'Taken' });
    expect(error).not.toHaveBeenCalled();
  });

  it('anything else is a logged 500 that leaks nothing', async () => {
    expect(await bodyFor(queryFailed('42P01', 'relation "secret" does not exist'))).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(error).toHaveBeenCalledTimes(1);
    expect(sqlStateOf(new Error('x'))).toBeUndefined();
  });
});
