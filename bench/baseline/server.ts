/**
 * The benchmark's baseline: stock Apollo Server 5 (default plugins and options) on the same HTTP
 * stack as the service (Fastify + @as-integrations/fastify), answering constants.
 *
 * It serves the service's own SDL, and each root field returns a constant: the service's
 * answer, captured once by the harness (BASELINE_CONSTANTS names the JSON file). So the baseline
 * parses, validates, executes and serialises exactly the same operation and response, but does
 * no work to find the data: it is the framework's ceiling for that operation. `hello` is the
 * trivial floor, `{ hello }`. Listens on PORT (127.0.0.1).
 */
import { readFileSync } from 'node:fs';
import { ApolloServer } from '@apollo/server';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import Fastify from 'fastify';
import { loadSdl } from '../../src/graphql/sdl.js';

const constants = JSON.parse(readFileSync(process.env.BASELINE_CONSTANTS!, 'utf8')) as Record<string, unknown>;
const fastify = Fastify();
const apollo = new ApolloServer({
  typeDefs: [loadSdl(), 'extend type Query { "A constant." hello: String! }'],
  resolvers: { Query: { hello: () => 'world', ...Object.fromEntries(Object.entries(constants).map(([field, value]) => [field, () => value])) } },
  plugins: [fastifyApolloDrainPlugin(fastify)],
});
await apollo.start();
await fastify.register(fastifyApollo(apollo));
fastify.get('/readyz', () => ({ status: 'ready' }));
const address = await fastify.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`baseline ready at ${address}`);
process.on('SIGTERM', () => void fastify.close().then(() => process.exit(0)));
