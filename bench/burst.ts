/**
 * The soak's burst scenario: many connections opened at once, each sending one request after
 * another (as autocannon does) for a fixed time. What it reports is the wait for each
 * connection's first answer: a server that accepts slowly while busy makes late connections wait
 * seconds (docs/operations.md, "Many connections at once"). Every request sent must be answered with 200.
 */
import { Agent, request } from 'node:http';

export interface BurstResult {
  connections: number;
  /** Connections that got their first answer. */
  answeredConnections: number;
  /** Milliseconds from the start of the burst to each connection's first answer, sorted. */
  firstAnswerMs: number[];
  sent: number;
  answered: number;
  non200: number;
  errors: string[];
}

/** Opens `connections` keep-alive connections to `url` at once and keeps each busy for `seconds`. */
export async function burst(url: string, connections: number, seconds: number, body: string): Promise<BurstResult> {
  const target = new URL('/graphql', url);
  const result: BurstResult = { connections, answeredConnections: 0, firstAnswerMs: [], sent: 0, answered: 0, non200: 0, errors: [] };
  const started = performance.now();
  const stopAt = started + seconds * 1000;

  const connection = (agent: Agent) =>
    new Promise<void>((resolve) => {
      let first = true;
      const send = () => {
        result.sent++;
        const req = request(
          target,
          { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => {
              result.answered++;
              if (res.statusCode !== 200) result.non200++;
              if (first) {
                first = false;
                result.answeredConnections++;
                result.firstAnswerMs.push(performance.now() - started);
              }
              if (performance.now() < stopAt) send();
              else resolve();
            });
          },
        );
        req.on('error', (error) => {
          result.errors.push(error.message);
          resolve();
        });
        req.end(body);
      };
      send();
    });

  // One agent with one socket per connection: each connection is a client of its own.
  const agents = Array.from({ length: connections }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  await Promise.all(agents.map(connection));
  for (const agent of agents) agent.destroy();
  result.firstAnswerMs.sort((a, b) => a - b);
  return result;
}

/** One line for docs/operations.md: every request answered, and the wait for first answers. */
export function describeBurst(r: BurstResult, seconds: number): string {
  const at = (p: number) => r.firstAnswerMs[Math.min(r.firstAnswerMs.length - 1, Math.floor(p * r.firstAnswerMs.length))]?.toFixed(0) ?? '-';
  const late = r.firstAnswerMs.filter((ms) => ms > 1000).length;
  return [
    `burst: ${r.connections} connections opened at once, busy for ${seconds} s; ${r.answeredConnections} of ${r.connections} answered`,
    `first answer p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, slowest ${at(1)} ms; ${late} waited over 1 s`,
    `requests ${r.sent} sent, ${r.answered} answered, non-200 ${r.non200}, connection errors ${r.errors.length}${r.errors.length ? ` (${[...new Set(r.errors)].slice(0, 3).join('; ')})` : ''}`,
  ].join('\n');
}

/** The burst passed: every connection and every request answered, all with 200. */
export const burstPassed = (r: BurstResult) => r.answeredConnections === r.connections && r.answered === r.sent && r.non200 === 0 && r.errors.length === 0;
