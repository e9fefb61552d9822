/**
 * The columns of a table that a GraphQL selection needs, so a relation's loader can read only
 * those. A lookup asks a limitation for its slug, title and severity; reading its twenty columns
 * (long descriptions and workarounds among them) made JavaScript strings nobody sent. Narrowing
 * the limitations, modes and documents the bench's lookup reads took its execution in one process
 * from about 120 to 106 us (docs/operations.md, Performance).
 *
 * A field needs the column of the same name when the table has one (the default resolver reads
 * that property), or the columns `FIELD_COLUMNS` lists for it (resolvers that read other columns,
 * or only the key). A field that is neither needs the whole row: a resolver this file does not
 * know about reads what it likes. The key column is always read (relations and ids are built from
 * it). test/graphql/narrowed-columns.test.ts asks every field of every narrowed type both ways,
 * narrowed and whole rows, and requires the same answer.
 */
import { Kind, getNamedType, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** Fields whose names are not columns, by GraphQL type: the columns their resolvers read ([] for the key alone). */
export const FIELD_COLUMNS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  Limitation: {
    id: [],
    sources: [],
    mitigatedBy: [],
    workaroundSettings: [],
    threshold: ['thresholdMetric', 'thresholdMax', 'thresholdApproximate'],
  },
  NetworkMode: { id: [], sources: [], statusNotes: [], settings: [], cniPlugins: [], limitations: [] },
  CniPlugin: {
    id: [],
    sources: [],
    networkModes: [],
    modes: [],
    supportsNetworkPolicy: ['networkPolicySupport'],
    networkPolicy: ['networkPolicySupport', 'networkPolicyNote'],
    onlyIn: [],
    onlyInSources: [],
    ipamOptions: [],
    environments: [],
    limitations: [],
    notes: [],
  },
  SourceDocument: { id: [] },
};

/** A type's column names (the table's property names) and the one every narrowed read keeps. */
export interface NarrowableTable {
  columns: ReadonlySet<string>;
  key: string;
}

/** Some columns of a table: their names, sorted, and those names joined by commas (one string per column set, to key maps by). */
export interface ColumnSet {
  columns: readonly string[];
  key: string;
}

/**
 * Memo per field occurrence in a parsed operation: documents are cached, so a query's nodes recur
 * on every request, and a resolver called once per parent row pays one WeakMap lookup.
 */
const memo = new WeakMap<FieldNode, ColumnSet | null>();

/**
 * The columns `info`'s selection needs from `table`, key included; null when it needs the whole
 * row (a field this file cannot vouch for, or a type it has no entry for).
 */
export function selectedColumns(info: GraphQLResolveInfo, table: NarrowableTable): ColumnSet | null {
  const node = info.fieldNodes[0]!;
  if (info.fieldNodes.length === 1) {
    const known = memo.get(node);
    if (known !== undefined) return known;
  }
  const known = FIELD_COLUMNS[getNamedType(info.returnType).name];
  let columns: ColumnSet | null = null;
  if (known) {
    const needed = new Set<string>([table.key]);
    const fields = new Set<string>();
    for (const fieldNode of info.fieldNodes) if (fieldNode.selectionSet) collectFieldNames(fieldNode.selectionSet, info, fields, new Set());
    let whole = false;
    for (const field of fields) {
      const listed = known[field] ?? (table.columns.has(field) ? [field] : undefined);
      if (!listed) {
        whole = true;
        break;
      }
      for (const column of listed) needed.add(column);
    }
    if (!whole) {
      const sorted = [...needed].sort();
      columns = { columns: sorted, key: sorted.join(',') };
    }
  }
  if (info.fieldNodes.length === 1) memo.set(node, columns);
  return columns;
}

/** Every field name a selection set asks for, through inline fragments and named ones (conditions and directives ignored: a superset is safe). */
function collectFieldNames(selectionSet: SelectionSetNode, info: GraphQLResolveInfo, into: Set<string>, seenFragments: Set<string>): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value !== '__typename') into.add(selection.name.value);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) collectFieldNames(selection.selectionSet, info, into, seenFragments);
    else if (!seenFragments.has(selection.name.value)) {
      seenFragments.add(selection.name.value);
      const fragment = info.fragments[selection.name.value];
      if (fragment) collectFieldNames(fragment.selectionSet, info, into, seenFragments);
    }
  }
}
