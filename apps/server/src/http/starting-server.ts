import { createServer } from 'node:http';
import { ErrorCode } from '@ani/contract/errors';
import { messages } from '@ani/contract/messages';

/**
 * Holds the port while the database is opened and migrated (which may mean waiting for another
 * instance's migration): every request, `/api/ready` and `/api/health` included, gets 503 with the
 * Turkish "try again shortly" instead of a refused connection, so a load balancer keeps this
 * instance out and a visitor sees a clear message. `close()` frees the port for the app.
 */
export async function holdPortWhileStarting(host: string, port: number): Promise<{ close(): Promise<void> }> {
  const body = JSON.stringify({
    success: false,
    message: messages.generic.unavailable,
    code: ErrorCode.UNAVAILABLE,
  });
  const server = createServer((_request, response) => {
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '5',
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
