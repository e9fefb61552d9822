/**
 * fetch for the benchmark's own control requests (checks, metrics, registration), retried once
 * when the connection was closed under it. The paced runs keep these pooled connections idle for
 * over a minute, and a server may close one (Fastify's keep-alive timeout is 72 s) just as it is
 * reused; undici then fails with "other side closed" although nothing is wrong with the server.
 */
export async function controlFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}
