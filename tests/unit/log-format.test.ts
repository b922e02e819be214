import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { formatLogLine } from '../../src/server/lib/log';

const at = new Date(2027, 2, 5, 14, 2, 31).getTime();

describe('the development log (LOG_FORMAT=pretty)', () => {
  it('writes a request as one line: time, status, method, address and time taken', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      msg: 'request',
      method: 'GET',
      url: '/api/health',
      status: 200,
      ms: 3,
      reqId: 'x',
    });
    expect(formatLogLine(line)).toBe('14:02:31  200 GET /api/health 3 ms\n');
  });

  it('writes other records with their level, message and fields, and an error with its stack below', () => {
    const warn = JSON.stringify({ level: 40, time: at, pid: 1, hostname: 'h', msg: 'overloaded', pressure: 'heap' });
    expect(formatLogLine(warn)).toBe('14:02:31 WARN  overloaded pressure=heap\n');
    const error = JSON.stringify({
      level: 50,
      time: at,
      msg: 'failed',
      err: { stack: 'Error: no\n    at f (a.ts:1)' },
    });
    expect(formatLogLine(error)).toBe('14:02:31 ERROR failed\n    Error: no\n        at f (a.ts:1)\n');
  });

  it('passes a line that is not JSON on as it is', () => {
    expect(formatLogLine('plain text')).toBe('plain text\n');
  });

  it('is refused in production, where the log stays JSON', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(64), LOG_FORMAT: 'pretty' };
    expect(() => loadConfig(production)).toThrow(/LOG_FORMAT/);
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
  });
});
