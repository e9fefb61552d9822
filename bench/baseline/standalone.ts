/**
 * The side-by-side comparison's framework baseline (`npm run bench:compare`): stock Apollo Server 5
 * as its own documentation starts it, `startStandaloneServer` (node:http, default plugins and
 * options), serving the service's schema as the service itself reports it by introspection
 * (BASELINE_SDL names the printed SDL) with every root field answering a constant: the service's
 * own answer (BASELINE_CONSTANTS names the JSON file). It parses, validates, executes and
 * serialises the same operation into the same bytes, but finds no data. Listens on PORT.
 */
import { readFileSync } from 'node:fs';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';

const constants = JSON.parse(readFileSync(process.env.BASELINE_CONSTANTS!, 'utf8')) as Record<string, unknown>;
const apollo = new ApolloServer({
  typeDefs: readFileSync(process.env.BASELINE_SDL!, 'utf8'),
  resolvers: { Query: Object.fromEntries(Object.entries(constants).map(([field, value]) => [field, () => value])) },
});
const { url } = await startStandaloneServer(apollo, { listen: { port: Number(process.env.PORT ?? 0), host: '127.0.0.1' } });
console.log(`stock Apollo ready at ${url}`);
process.on('SIGTERM', () => void apollo.stop().then(() => process.exit(0)));
