import { EventEmitter } from 'node:events';
import { survivesDatabaseOutages } from './microservice';

describe('survivesDatabaseOutages', () => {
  const setUp = () => {
    const lines: string[] = [];
    const exits: number[] = [];
    const fakeProcess = new EventEmitter();
    survivesDatabaseOutages(
      { warn: (m: unknown) => void lines.push(`WARN ${String(m)}`), error: (m: unknown) => void lines.push(`ERROR ${String(m)}`) },
      fakeProcess as unknown as NodeJS.Process,
      (code) => exits.push(code),
    );
    return { lines, exits, reject: (reason: unknown) => fakeProcess.emit('unhandledRejection', reason) };
  };

  it('keeps the service running when a background query fails because PostgreSQL is down', () => {
    const { lines, exits, reject } = setUp();
    reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5450'), { code: 'ECONNREFUSED' }));
    reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    expect(lines.every((line) => line.startsWith('WARN background work failed while the database was unavailable'))).toBe(true);
    expect(lines).toHaveLength(2);
    expect(exits).toEqual([]);
  });

  it('still ends the process on any other unhandled rejection', () => {
    const { lines, exits, reject } = setUp();
    reject(new TypeError('a real bug'));
    expect(lines[0]).toMatch(/^ERROR unhandled promise rejection: TypeError: a real bug/);
    expect(exits).toEqual([1]);
  });
});
