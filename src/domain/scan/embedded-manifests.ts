/**
 * Manifests kept as text inside a ConfigMap: Cluster API's ClusterResourceSet applies the
 * ConfigMaps it names to each matching workload cluster, every data value being YAML or JSON of
 * the objects to create (cluster-api, ClusterResourceSet), which is how its Windows templates ship
 * Calico for Windows and the Windows kube-proxy (trial scan54, files 01 and 02). Those objects are
 * the workload cluster's as much as the file's other objects are, so documents.ts reads them as
 * objects of the file. This module only finds the values and where their lines start; parsing
 * stays in documents.ts.
 */
import { isMap, isScalar, Scalar, type Document, type LineCounter } from 'yaml';

/** A data value that holds manifests, with the line its text starts on (for a block scalar) or the line of its key (for a quoted one). */
export interface ManifestText {
  key: string;
  text: string;
  /** The file line of the text's first line, when each of its lines is a line of the file (a block scalar); otherwise undefined. */
  firstLine: number | undefined;
  /** The line of the value in the file, which every object of a quoted value is given. */
  keyLine: number;
}

/** How many documents one value may hold before it is left unread: a guard against a value made of empty documents. */
export const MAX_EMBEDDED_DOCUMENTS = 200;

/** A value that reads as a manifest: an apiVersion and a kind at the start of a line (YAML) or as keys (JSON). */
const looksLikeManifest = (text: string) => /(^|\n)\s*"?apiVersion"?\s*:/.test(text) && /(^|\n)\s*"?kind"?\s*:/.test(text);

/** The data values of a ConfigMap document that hold manifests. */
export function manifestTexts(doc: Document, counter: LineCounter, data: Record<string, unknown>): ManifestText[] {
  if (data.kind !== 'ConfigMap' || data.apiVersion !== 'v1') return [];
  const node = doc.getIn(['data'], true);
  if (!isMap(node)) return [];
  const out: ManifestText[] = [];
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    const value = pair.value;
    if (key === undefined || !isScalar(value) || typeof value.value !== 'string' || !value.range) continue;
    const text = value.value;
    if (!looksLikeManifest(text)) continue;
    const valueLine = counter.linePos(value.range[0]).line;
    // A block scalar's text starts on the line after its indicator (| or >), one file line per text line.
    const block = value.type === Scalar.BLOCK_LITERAL;
    out.push({ key, text, firstLine: block ? valueLine + 1 : undefined, keyLine: valueLine });
  }
  return out;
}
