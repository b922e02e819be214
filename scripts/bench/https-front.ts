/**
 * An HTTPS front with HTTP/2 for a local server, as a deployment's proxy is (TLS ends at the proxy,
 * docs/security.md): a browser then meets the app as a visitor does, over one TLS connection that carries every
 * request at once, instead of over plain HTTP/1.1 with six connections. The certificate is self-signed for
 * 127.0.0.1, made with the openssl command line for this run; the browser is told to accept it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer } from 'node:http2';
import { join } from 'node:path';

/** Headers that describe one hop's connection, not the message: never passed on. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
]);

const passedOn = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_HEADERS.has(name)));

export type HttpsFront = { url: string; close(): Promise<void> };

/** Serves `https://127.0.0.1:<port>` (HTTP/2; HTTP/1.1 for clients without it) before `http://127.0.0.1:<target>`. */
export async function startHttpsFront(port: number, targetPort: number, dir: string): Promise<HttpsFront> {
  const keyFile = join(dir, 'front-key.pem');
  const certFile = join(dir, 'front-cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the front's certificate: ${made.stderr}`);

  const server = createSecureServer(
    { key: readFileSync(keyFile), cert: readFileSync(certFile), allowHTTP1: true },
    (req, res) => {
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: targetPort,
          method: req.method,
          path: req.url,
          headers: { ...passedOn(req.headers), host: req.headers[':authority'] ?? req.headers.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, passedOn(answer.headers));
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
