/** The executable schema: the SDL in schema/ plus the resolver maps. */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { mergeResolvers } from './resolvers/merge.js';
import { catalogueResolvers } from './resolvers/catalogue.js';
import { Query } from './resolvers/query.js';
import { verdictResolvers } from './resolvers/verdicts.js';
import { instanceTypeResolvers } from './resolvers/instance-types.js';
import { loadSdl } from './sdl.js';
import { searchResolvers } from './resolvers/search.js';

export const typeDefs = loadSdl();
export const resolvers = mergeResolvers([{ Query }, catalogueResolvers, verdictResolvers, instanceTypeResolvers, searchResolvers]);

/** The schema as one object, for executors that take it whole (the JIT gateway). */
export const executableSchema = () => makeExecutableSchema({ typeDefs, resolvers: resolvers as never });
