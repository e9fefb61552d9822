/**
 * The limits that follow what an operation asks for: its cost, its aliases and its directives,
 * counted over every selection that runs, introspection included (`__schema`, `__type` and
 * `__typename` are fields like any other), fragments expanded where they are spread.
 *
 * - Aliases and directives are counted by a validation rule, once per document (Apollo keeps
 *   validated documents): every alias, `__typename` ones included, and every directive, on
 *   fields, fragment spreads, inline fragments, fragment definitions, operations and variables.
 * - The cost is worked out when the operation is known, with its variables, so `first: $n` costs
 *   what `n` asks for: objects 2, scalars 1, x1.5 per level, x `first`/`last`. Fragments add the
 *   cost of their fields where they are spread (a fragment is not a field). Over the limit the
 *   request is refused with COST_LIMIT_EXCEEDED, the cost and the limit; under it, every answer
 *   carries `extensions.cost` (`{ requested, limit }`), as GitHub's `rateLimit` tells a client
 *   what a call cost, so a portal can budget.
 *
 * The walk over the selections keeps its own stack, so no nesting a client sends can overflow
 * the call stack, and it memoises each fragment, so a fragment spread a thousand times is walked
 * once.
 */
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionNode,
  type ValidationContext,
} from 'graphql';

export interface OperationLimits {
  maxAliases: number;
  maxDirectives: number;
  maxCost: number;
}

export const OBJECT_COST = 2;
export const SCALAR_COST = 1;
export const DEPTH_COST_FACTOR = 1.5;

export interface Tally {
  cost: number;
  aliases: number;
  directives: number;
  /** The cost depends on a variable's value (`first: $n`). */
  usesVariables: boolean;
}

const zero = (): Tally => ({ cost: 0, aliases: 0, directives: 0, usesVariables: false });

function addTo(into: Tally, part: Tally): void {
  into.cost += part.cost;
  into.aliases += part.aliases;
  into.directives += part.directives;
  into.usesVariables ||= part.usesVariables;
}

/** The page size a field asks for (`first` or `last`), 1 when it asks for none. */
function pageSize(
  field: FieldNode,
  variables: Readonly<Record<string, unknown>> | undefined,
  defaults: ReadonlyMap<string, number>,
): { size: number; usesVariables: boolean } {
  for (const argument of field.arguments ?? []) {
    if (argument.name.value !== 'first' && argument.name.value !== 'last') continue;
    const value = argument.value;
    if (value.kind === Kind.INT) return { size: Math.max(1, Number.parseInt(value.value, 10) || 1), usesVariables: false };
    if (value.kind === Kind.VARIABLE) {
      const given = variables?.[value.name.value];
      const size = typeof given === 'number' && Number.isFinite(given) ? given : (defaults.get(value.name.value) ?? 1);
      return { size: Math.max(1, Math.floor(size)), usesVariables: true };
    }
  }
  return { size: 1, usesVariables: false };
}

interface Frame {
  selections: readonly SelectionNode[];
  next: number;
  sum: Tally;
  finish: (sum: Tally) => Tally;
}

/**
 * Cost, aliases and directives of one operation, fragments expanded. Iterative: the stack is
 * an array, not the call stack. A fragment spread inside itself (refused by validation) adds
 * only its own directives.
 */
export function tallyOperation(operation: OperationDefinitionNode, document: DocumentNode, variables?: Readonly<Record<string, unknown>>): Tally {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const defaults = new Map<string, number>();
  for (const definition of operation.variableDefinitions ?? [])
    if (definition.defaultValue?.kind === Kind.INT) defaults.set(definition.variable.name.value, Number.parseInt(definition.defaultValue.value, 10));
  const done = new Map<string, Tally>();
  const open = new Set<string>();

  const ownDirectives = (operation.directives?.length ?? 0) + (operation.variableDefinitions ?? []).reduce((n, v) => n + (v.directives?.length ?? 0), 0);
  let result: Tally | undefined;
  const stack: Frame[] = [
    {
      selections: operation.selectionSet.selections,
      next: 0,
      sum: zero(),
      finish: (sum) => ({ ...sum, directives: sum.directives + ownDirectives }),
    },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.selections.length) {
      stack.pop();
      const tally = frame.finish(frame.sum);
      if (stack.length === 0) result = tally;
      else addTo(stack[stack.length - 1]!.sum, tally);
      continue;
    }
    const selection = frame.selections[frame.next++]!;
    const directives = selection.directives?.length ?? 0;
    if (selection.kind === Kind.FIELD) {
      const aliases = selection.alias ? 1 : 0;
      if (!selection.selectionSet) {
        addTo(frame.sum, { cost: SCALAR_COST, aliases, directives, usesVariables: false });
        continue;
      }
      const page = pageSize(selection, variables, defaults);
      stack.push({
        selections: selection.selectionSet.selections,
        next: 0,
        sum: zero(),
        finish: (sum) => ({
          cost: (OBJECT_COST + DEPTH_COST_FACTOR * sum.cost) * page.size,
          aliases: sum.aliases + aliases,
          directives: sum.directives + directives,
          usesVariables: sum.usesVariables || page.usesVariables,
        }),
      });
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      stack.push({
        selections: selection.selectionSet.selections,
        next: 0,
        sum: zero(),
        finish: (sum) => ({ ...sum, directives: sum.directives + directives }),
      });
    } else {
      const name = selection.name.value;
      const known = done.get(name);
      const fragment = fragments.get(name);
      if (known) addTo(frame.sum, { ...known, directives: known.directives + directives });
      else if (!fragment || open.has(name)) addTo(frame.sum, { ...zero(), directives });
      else {
        open.add(name);
        stack.push({
          selections: fragment.selectionSet.selections,
          next: 0,
          sum: zero(),
          finish: (sum) => {
            const tally = { ...sum, directives: sum.directives + (fragment.directives?.length ?? 0) };
            done.set(name, tally);
            open.delete(name);
            return { ...tally, directives: tally.directives + directives };
          },
        });
      }
    }
  }
  return result!;
}

/** Validation: every alias and every directive counts. */
export function operationLimitsRule(limits: Pick<OperationLimits, 'maxAliases' | 'maxDirectives'>) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const tally = tallyOperation(operation, context.getDocument());
      if (tally.aliases > limits.maxAliases)
        context.reportError(new GraphQLError(`Aliases limit of ${limits.maxAliases} exceeded, found ${tally.aliases}.`, { nodes: [operation] }));
      if (tally.directives > limits.maxDirectives)
        context.reportError(new GraphQLError(`Directives limit of ${limits.maxDirectives} exceeded, found ${tally.directives}.`, { nodes: [operation] }));
      return false;
    },
  });
}

const badRequest = () => ({ status: 400, headers: new HeaderMap() });

/** Why no operation of `document` can run under `operationName`, in graphql-js's words, as Apollo refuses it. */
function operationResolutionFailure(document: DocumentNode, operationName: string | undefined): GraphQLError {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const named = operations.map((o) => o.name?.value).filter((n): n is string => n !== undefined);
  const message =
    operationName != null
      ? `Unknown operation named "${operationName}".${named.length > 0 ? ` The document defines: ${named.slice(0, 10).join(', ')}.` : ''}`
      : operations.length > 1
        ? 'Must provide operation name if query contains multiple operations.'
        : 'Must provide an operation.';
  return new GraphQLError(message, { extensions: { code: 'OPERATION_RESOLUTION_FAILURE', http: badRequest() } });
}

/** The cost of an answer, as it is reported in `extensions.cost`. */
export interface ReportedCost {
  requested: number;
  limit: number;
}

/** Refuses an operation over the cost limit and reports every answer's cost in `extensions.cost`. */
export function costPlugin<T extends object>(maxCost: number): ApolloServerPlugin<T> {
  // Documents come from Apollo's document store, so an operation node is the same object on every
  // request for that text; an operation whose cost needs no variable is walked once.
  const fixed = new WeakMap<OperationDefinitionNode, number>();
  const costs = new WeakMap<object, number>();
  const listener: GraphQLRequestListener<T> = {
    async didResolveOperation({ operation, document, request, schema }) {
      // No operation to run: an operationName the document does not define, or none given for a
      // document of several. Stock Apollo answers 400 OPERATION_RESOLUTION_FAILURE (graphql-js
      // finds it at execution); graphql-jit, which executes here, threw instead (a 500).
      if (!operation) throw operationResolutionFailure(document, request.operationName);
      // graphql-js validation lets `mutation { x }` through when there is no Mutation type, and
      // execution then fails as if the server were at fault. After Apollo's own check, so a GET
      // mutation still gets its 405.
      if (!schema.getRootType(operation.operation))
        throw new GraphQLError(`This API has no ${operation.operation} operations: it answers queries only.`, {
          nodes: [operation],
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: badRequest() },
        });
      let cost = fixed.get(operation);
      if (cost === undefined) {
        const tally = tallyOperation(operation, document, request.variables);
        cost = Math.ceil(tally.cost);
        if (!tally.usesVariables) fixed.set(operation, cost);
      }
      costs.set(request, cost);
      if (cost > maxCost)
        throw new GraphQLError(`The query costs ${cost} points, over the limit of ${maxCost} per request; ask for fewer fields, aliases or smaller pages.`, {
          extensions: { code: 'COST_LIMIT_EXCEEDED', cost, limit: maxCost, http: badRequest() },
        });
    },
    async willSendResponse({ response, request }) {
      const cost = costs.get(request);
      if (cost === undefined || response.body.kind !== 'single') return;
      const result = response.body.singleResult;
      result.extensions = { ...result.extensions, cost: { requested: cost, limit: maxCost } satisfies ReportedCost };
    },
  };
  return { requestDidStart: async () => listener };
}
