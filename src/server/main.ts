/**
 * `npm start`: serve the API on the embedded database. PORT (default 4000), HOST (default
 * localhost; 0.0.0.0 serves the network), DATABASE_PATH and LOG_LEVEL configure it. SIGTERM/SIGINT stop accepting, finish
 * in-flight requests and exit 0.
 */
import { openDatabase, DatabaseUnusableError } from '../db/open.js';
import { DEFAULT_DATABASE_PATH } from '../db/paths.js';
import { buildApp } from './app.js';
import { readConfig } from './config.js';

const LISTEN_BACKLOG = 2048;

const config = (() => {
  try {
    return readConfig(process.env);
  } catch (error) {
    console.error(`configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
})();

let database;
try {
  database = openDatabase(config.databasePath ?? DEFAULT_DATABASE_PATH);
} catch (error) {
  console.error(error instanceof DatabaseUnusableError ? error.message : `cannot open the database: ${(error as Error).message}`);
  process.exit(1);
}

const { fastify, apollo, scanPool } = await buildApp({
  database,
  logLevel: config.logLevel,
  limits: config.limits,
  corsOrigins: config.corsOrigins,
  introspection: config.introspection,
  csrfPrevention: config.csrfPrevention,
});
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  fastify.log.info(`${signal}: draining in-flight requests`);
  await fastify.close(); // stops accepting, waits for in-flight requests
  await apollo.stop();
  database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

// The soak script (bench/soak.ts) asks a child server for its memory over IPC.
if (process.send && process.env.SOAK_REPORT_MEMORY) process.on('message', (m) => m === 'memory' && process.send!(process.memoryUsage()));

// Room for a burst of connections in the kernel's accept queue (Node's default is 511); the kernel
// caps it at net.core.somaxconn (4096 by default since Linux 5.4, 128 before). The accept rate
// under load is what turn-scheduler.ts is for.
const address = await fastify.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
// The scan workers load the knowledge snapshot now, not on the first scan's time.
void scanPool?.warm();
// One plain line for the person who started it (the logs around it are JSON for collectors).
process.stdout.write(`winnet-kb serving dataset ${database.meta.datasetVersion}: GraphQL ${address}/graphql, GraphiQL ${address}/graphiql\n`);
