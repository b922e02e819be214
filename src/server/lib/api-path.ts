import type { FastifyRequest } from 'fastify';

/**
 * A request's path as the router reads it: before the query string, with its percent-escapes decoded (`/%61pi/me`
 * reaches the `/api/me` handler, so it is an API request too). A malformed escape is left as written; the router
 * refuses such a path anyway.
 */
export function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether a request is for the API (docs/security.md, "Headers"): the route it matched, or, when none did, its
 * decoded path, starts with `/api`. The API's rules (JSON only, `no-store`, CORS) follow from this one test.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? decodedPath(request.url);
  return path === '/api' || path.startsWith('/api/');
}
