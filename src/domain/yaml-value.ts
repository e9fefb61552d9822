/**
 * The value of a parsed YAML document, with the aliases it may expand bounded, and a refusal that
 * says where and why instead of the yaml library's bare ReferenceError (an alias to an anchor
 * that is not set, or more alias expansions than allowed: a "billion laughs" bomb). Used for
 * plan files, scanned manifests and seeds alike, so each can name the file and the line.
 */
import { isAlias, visit, type Document, type LineCounter, type Node } from 'yaml';

/** Alias expansions allowed per document: far past any plan, manifest or seed, far short of a bomb. */
export const MAX_ALIAS_EXPANSIONS = 100;

export class YamlValueError extends Error {
  constructor(
    /** 1-based. */
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.name = 'YamlValueError';
  }
}

/** doc.toJS(), or YamlValueError at the alias that could not be expanded. */
export function yamlValue(doc: Document, counter: LineCounter): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_EXPANSIONS });
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    let unresolved: Node | undefined;
    let last: Node | undefined;
    visit(doc, {
      Alias(_, node) {
        last = node;
        if (unresolved === undefined && node.resolve(doc) === undefined) unresolved = node;
      },
    });
    const at = unresolved ?? last;
    const pos = at?.range ? counter.linePos(at.range[0]) : { line: 1, col: 1 };
    const reason =
      unresolved && isAlias(unresolved)
        ? `alias *${unresolved.source} refers to no anchor set before it`
        : /excessive alias count/i.test(error.message)
          ? `aliases expand to more than ${MAX_ALIAS_EXPANSIONS} nodes (refused as a possible YAML bomb)`
          : error.message;
    throw new YamlValueError(pos.line, pos.col, reason);
  }
}
