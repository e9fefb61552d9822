/**
 * The limits that follow what an operation asks for: its cost, its aliases and its directives,
 * counted over every selection that runs, introspection included (`__schema`, `__type` and
 * `__typename` are fields like any other), fragments expanded where they are spread.
 *
 * - Aliases and directives are counted by a validation rule, once per document (Apollo keeps
 *   validated documents): every alias, `__typename` ones included, and every directive, on
 *   fields, fragment spreads, inline fragments, fragment definitions, operations and variables.
 * - The cost is worked out when the operation is known, with its variables, so `first: $n` costs
 *   what `n` asks for: objects 2, scalars 1, x1.5 per level, x `first`/`last`; a `scan` adds its
 *   input's bytes and prices its `objects` by the objects the input holds (SCAN_BYTES_PER_POINT). Fragments add the
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

/**
 * The `scan` field is priced by its input (issue 34: a 98 KB scan answered 2.5 MB for 51 points):
 * one point per SCAN_BYTES_PER_POINT bytes of `documents`, and its `objects` list counted as a
 * page of as many objects as the text holds `kind` keys (every Kubernetes object has one; nested
 * ones, as in ownerReferences, only make the estimate higher).
 */
export const SCAN_BYTES_PER_POINT = 20;
export const SCAN_FIELD = 'scan';
export const SCAN_OBJECTS_FIELD = 'objects';

/** `kind:` keys in YAML (block or flow) or JSON. */
const KIND_KEY = /(?:^|[\s{,])["']?kind["']?[ \t]*:/g;

/** Bytes and estimated objects of a scan's documents, as the cost counts them. */
export function scanInputSize(documents: string): { bytes: number; objects: number } {
  let objects = 0;
  KIND_KEY.lastIndex = 0;
  while (KIND_KEY.exec(documents) !== null) objects++;
  return { bytes: Buffer.byteLength(documents), objects: Math.max(1, objects) };
}

/** The `documents` text a `scan` field is given, literally or through variables, and whether a variable gave it. */
function scanDocuments(field: FieldNode, variables: Readonly<Record<string, unknown>> | undefined): { documents: string | undefined; usesVariables: boolean } {
  const input = field.arguments?.find((a) => a.name.value === 'input')?.value;
  if (input?.kind === Kind.VARIABLE) {
    const given = variables?.[input.name.value] as { documents?: unknown } | null | undefined;
    return { documents: typeof given?.documents === 'string' ? given.documents : undefined, usesVariables: true };
  }
  if (input?.kind !== Kind.OBJECT) return { documents: undefined, usesVariables: false };
  const value = input.fields.find((f) => f.name.value === 'documents')?.value;
  if (value?.kind === Kind.STRING) return { documents: value.value, usesVariables: false };
  if (value?.kind === Kind.VARIABLE) {
    const given = variables?.[value.name.value];
    return { documents: typeof given === 'string' ? given : undefined, usesVariables: true };
  }
  return { documents: undefined, usesVariables: false };
}

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
  /** Inside a `scan` field's selection: the objects its `objects` list is priced at. */
  scanObjects?: number;
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
      const name = selection.name.value;
      const page =
        name === SCAN_OBJECTS_FIELD && frame.scanObjects !== undefined
          ? { size: frame.scanObjects, usesVariables: false }
          : pageSize(selection, variables, defaults);
      const scan = name === SCAN_FIELD ? scanDocuments(selection, variables) : undefined;
      const input = scan?.documents === undefined ? undefined : scanInputSize(scan.documents);
      const inputCost = input ? Math.ceil(input.bytes / SCAN_BYTES_PER_POINT) : 0;
      stack.push({
        selections: selection.selectionSet.selections,
        next: 0,
        sum: zero(),
        finish: (sum) => ({
          cost: (OBJECT_COST + DEPTH_COST_FACTOR * sum.cost) * page.size + inputCost,
          aliases: sum.aliases + aliases,
          directives: sum.directives + directives,
          usesVariables: sum.usesVariables || page.usesVariables || (scan?.usesVariables ?? false),
        }),
        ...(scan ? { scanObjects: input?.objects ?? 1 } : {}),
      });
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      stack.push({
        selections: selection.selectionSet.selections,
        next: 0,
        sum: zero(),
        finish: (sum) => ({ ...sum, directives: sum.directives + directives }),
        ...(frame.scanObjects !== undefined ? { scanObjects: frame.scanObjects } : {}),
      });
    } else {
      const name = selection.name.value;
      // A fragment spread inside a scan's selection prices `objects` by that scan: memoised apart.
      const memo = frame.scanObjects === undefined ? name : `${name}\u0000${frame.scanObjects}`;
      const known = done.get(memo);
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
            done.set(memo, tally);
            open.delete(name);
            return { ...tally, directives: tally.directives + directives };
          },
          ...(frame.scanObjects !== undefined ? { scanObjects: frame.scanObjects } : {}),
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
