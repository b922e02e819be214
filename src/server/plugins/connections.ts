import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** One connection: the answers under way on it, and how many bytes had arrived when the last one left. */
type Connection = { answering: number; readAtRest: number };

export type Connections = {
  /**
   * Closes every connection at rest: no answer under way and nothing received since its last answer, or since it
   * was opened. Those are a keep-alive connection between requests and one opened ahead of a request that never
   * came (a browser's preconnect, or a client's spare). A connection with a request arriving or being answered is
   * left alone.
   */
  closeAtRest(): void;
};

/**
 * The server's connections as the drain needs them (docs/security.md, "Graceful shutdown"). Node's own
 * `closeIdleConnections` counts a connection that has not sent a request yet as busy, and `server.close()` stops
 * the header timeout that would otherwise end it, so without this the close waits until such a client hangs up.
 */
export function trackConnections(server: Server): Connections {
  const connections = new Map<Socket, Connection>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { answering: 0, readAtRest: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // Kept now: by the time the answer closes, Node may have detached the socket from the request (a body refused
    // half-way), and reading it from there would throw outside any handler and end the process.
    const socket = request.socket;
    const connection = connections.get(socket);
    if (!connection) return;
    connection.answering += 1;
    response.once('close', () => {
      connection.answering -= 1;
      connection.readAtRest = socket.bytesRead;
    });
  });
  return {
    closeAtRest() {
      for (const [socket, connection] of connections) {
        if (connection.answering === 0 && socket.bytesRead === connection.readAtRest) socket.destroy();
      }
    },
  };
}
