/**
 * The mixed-workload load generator of tests/security/load.test.ts, in a process of its own so that it does not
 * share the server's event loop. Reads its job as JSON from argv[2] and prints one JSON result line.
 *
 * Every connection loops over the mix in order: an instant quote (a new client each time, so each one writes a
 * booking, its event, audit row and e-mail), a page view, and the admin dashboard's reads.
 */
import autocannon from 'autocannon';

export type MixedLoadJob = {
  base: string;
  connections: number;
  durationSec: number;
  adminToken: string;
  eventDate: string;
};
export type MixedLoadResult = {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

const job = JSON.parse(process.argv[2] ?? '{}') as MixedLoadJob;
const json = { 'content-type': 'application/json' };
const admin = { authorization: `Bearer ${job.adminToken}` };
let n = 0;

const result = await autocannon({
  url: job.base,
  connections: job.connections,
  duration: job.durationSec,
  timeout: 10,
  requests: [
    {
      method: 'POST',
      path: '/api/quotation/instant',
      headers: json,
      setupRequest: (request) => {
        n += 1;
        request.body = JSON.stringify({
          event_type: ['wedding', 'corporate', 'birthday', 'gala'][n % 4],
          event_date: job.eventDate,
          guest_count: 50 + ((n * 37) % 900),
          venue_type: ['indoor', 'outdoor', 'banquet', 'garden'][n % 4],
          tier: ['basic', 'premium', 'luxury'][n % 3],
          location: ['Indore', 'Bhopal', 'Mumbai'][n % 3],
          client_email: `load.${process.pid}.${n}@example.in`,
          client_name: 'Load Test Client',
          event_name: `Load test event ${n}`,
        });
        return request;
      },
    },
    { method: 'POST', path: '/api/analytics/page-view', headers: json, body: JSON.stringify({ path: '/book' }) },
    { method: 'GET', path: '/api/dashboard/stats', headers: admin },
    { method: 'GET', path: '/api/bookings?limit=10', headers: admin },
    { method: 'GET', path: '/api/admin/reports/summary', headers: admin },
  ],
});

const output: MixedLoadResult = {
  requests: result['2xx'] + result.non2xx,
  ok: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  statusCodes: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, Number(s.count)]),
  ),
};
console.log(JSON.stringify(output));
