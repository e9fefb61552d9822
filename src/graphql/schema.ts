/**
 * The executable schema: the SDL in schema/ plus one resolver map per schema file
 * (src/graphql/resolvers/<file>.ts), and the enums' internal values (the seeds' lower-case
 * spellings, derived from the vocabularies).
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { mergeResolvers } from './resolvers/merge.js';
import { catalogueResolvers } from './resolvers/catalogue.js';
import { verdictResolvers } from './resolvers/verdicts.js';
import { instanceTypeResolvers } from './resolvers/instance-types.js';
import { loadSdl } from './sdl.js';
import { searchResolvers } from './resolvers/search.js';
import { ENUM_VALUES } from './enum-values.js';
import type { Resolvers } from './generated/resolvers.js';

export const typeDefs = loadSdl();
/** Each schema file's resolver map, by the file's name (schema/<name>.graphql). */
export const RESOLVER_MODULES: Readonly<Record<string, Resolvers>> = {
  catalogue: catalogueResolvers,
  'instance-types': instanceTypeResolvers,
  search: searchResolvers,
  verdicts: verdictResolvers,
};

export const resolvers = mergeResolvers([...Object.values(RESOLVER_MODULES), ENUM_VALUES]);

/** The schema as one object, for executors that take it whole (the JIT gateway). */
export const executableSchema = () => makeExecutableSchema({ typeDefs, resolvers: resolvers as never });
