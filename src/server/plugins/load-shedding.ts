import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoadSheddingConfig } from '../config';
import { trackConnections } from './connections';

const OVERLOADED = 'The server is busy right now. Please try again in a few seconds.';
const STOPPING = 'The server is restarting. Please try again in a few seconds.';

/**
 * Answers 503 with `Retry-After` instead of taking on work the process cannot do (docs/security.md, "Load
 * shedding"): while @fastify/under-pressure sees the event loop, heap or RSS above the configured thresholds, and
 * while the server drains for a shutdown. `GET /api/health` answers the same 503 with `status` saying why, so a
 * load balancer stops sending traffic here until the process has recovered.
 *
 * Draining (docs/security.md, "Graceful shutdown"): once `app.close()` starts, nothing listens any more (a new
 * connection is refused, which clients and load balancers retry elsewhere: the request was never received),
 * requests already running complete, and a request that still arrives on an open connection gets this 503 with
 * `Connection: close` (Fastify's own closing answer is turned off: it has neither `Retry-After` nor `detail`).
 * Connections carrying no request are closed at once, so the close never waits for a client to hang up.
 */
export async function registerLoadShedding(app: FastifyInstance, config: LoadSheddingConfig): Promise<void> {
  const retryAfter = String(config.retryAfterSeconds);
  const shed = (request: FastifyRequest, reply: FastifyReply, status: 'overloaded' | 'stopping') => {
    const detail = status === 'overloaded' ? OVERLOADED : STOPPING;
    const body = request.routeOptions.url === '/api/health' ? { status, detail } : { detail };
    return reply.code(503).header('retry-after', retryAfter).send(body);
  };

  let draining = false;
  const connections = trackConnections(app.server);
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    draining = true;
    // Connections at rest would hold the close until their clients hang up: they go now, and any that come to rest
    // without an answer leaving (or open in the instant before the listener closes) at the next sweep.
    connections.closeAtRest();
    sweep = setInterval(() => connections.closeAtRest(), 1000);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
  // Callback hooks, not async ones: they run for every request and almost never act.
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining) return done();
    void shed(request, reply.header('connection', 'close'), 'stopping');
  });
  // Node closes the connections that are idle when the server closes, not those that become idle later: close
  // each one as its last answer leaves (a request already queued on it is answered first).
  app.addHook('onResponse', (_request, _reply, done) => {
    if (draining) setImmediate(() => app.server.closeIdleConnections());
    done();
  });

  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    // Utilisation of the last sample (one second), not since start: a busy minute an hour ago says nothing now.
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    maxRssBytes: config.maxRssBytes,
    retryAfter: config.retryAfterSeconds,
    async pressureHandler(request, reply, type, value) {
      request.log.warn({ pressure: type, value }, 'overloaded: shedding request');
      // Awaiting the reply waits until it is written, so no later hook or handler runs for this request.
      await shed(request, reply, 'overloaded');
    },
  });
}
