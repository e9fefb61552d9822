/**
 * Kubernetes objects out of text: multi-document YAML (Helm and kustomize output, manifests) and
 * JSON (`kubectl get ... -o json`), with `List`s flattened. Each object comes with the file and
 * the line it starts on, and a way to find the line of a field inside it, so that findings can
 * point at the right line. Pure: text in, objects out.
 *
 * JSON is read with JSON.parse, which is an order of magnitude faster than a YAML parser on a
 * 20 MB dump. A List in the layout `kubectl get -o json` prints (4-space indentation, one item
 * opening on a line of its own) is parsed one item at a time: the items are found by their
 * opening and closing lines with indexOf (JSON strings cannot hold a raw newline, so those lines
 * cannot be inside a string), each item's text is parsed and judged before the next, and the
 * line of each item is counted on the way. Memory then follows the text and the largest object,
 * not the whole parsed dump. Any other JSON is parsed whole; the start line of each List item
 * then comes from one pass over the text that skips strings.
 */
import { isMap, isSeq, LineCounter, parseAllDocuments, type Document } from 'yaml';
import { yamlValue, YamlValueError } from '../yaml-value.js';
import { manifestTexts, MAX_EMBEDDED_DOCUMENTS, type ManifestText } from './embedded-manifests.js';

export interface SourceObject {
  file: string;
  /** 1-based line where the object starts. */
  line: number;
  /** Where the object sits in its document: "" at the top, "items[3]" inside a List. */
  path: string;
  data: Record<string, unknown>;
  /** The 1-based line of a field of the object (path relative to the object), where known. */
  lineOf(path: readonly (string | number)[]): number | undefined;
}

/** Text that is not valid YAML or JSON: where, and why. */
export class ScanParseError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = 'ScanParseError';
  }
}

/** A document that parsed but holds no Kubernetes object (a scalar, a list at the top, no kind). */
export interface SkippedDocument {
  file: string;
  line: number;
  reason: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A List of any kind ("List", "NodeList", "ServiceList"...). */
function isList(data: Record<string, unknown>): boolean {
  return typeof data.kind === 'string' && data.kind.endsWith('List') && Array.isArray(data.items);
}

/**
 * An OpenShift Template holds the objects it creates in `objects` (openshift/api template/v1:
 * "an array of resources to include in this template"): they are read as a List's items, a
 * parameter they use (${AMI_ID}) being a placeholder (trial scan44, file 12: a Windows MachineSet
 * inside a Template).
 */
function isTemplate(data: Record<string, unknown>): boolean {
  return (
    data.kind === 'Template' && typeof data.apiVersion === 'string' && /^(template\.openshift\.io\/)?v1$/.test(data.apiVersion) && Array.isArray(data.objects)
  );
}

/** The field that holds a document's objects, when it holds several: a List's items, a Template's objects. */
const objectsField = (data: Record<string, unknown>): 'items' | 'objects' | undefined => (isList(data) ? 'items' : isTemplate(data) ? 'objects' : undefined);

/** Items of a typed list (NodeList from the API) may omit their kind: it is the list's minus "List". */
function itemKind(list: Record<string, unknown>, item: Record<string, unknown>): void {
  const kind = list.kind as string;
  if (item.kind === undefined && kind !== 'List') item.kind = kind.slice(0, -'List'.length);
  if (item.apiVersion === undefined && typeof list.apiVersion === 'string' && kind !== 'List') item.apiVersion = list.apiVersion;
}

/** 1-based line of each offset (offsets ascending), counting newlines as it goes. */
function linesOf(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let at = 0;
  for (const offset of offsets) {
    for (let nl = text.indexOf('\n', at); nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
      line++;
      at = nl + 1;
    }
    at = Math.max(at, 0);
    lines.push(line);
  }
  return lines;
}

/**
 * Offsets of the values of the top-level object's "items" array, in one pass that skips strings.
 * Only called on text JSON.parse has accepted, so the structure is known to be well formed.
 */
export function jsonItemOffsets(text: string): number[] {
  const offsets: number[] = [];
  let depth = 0;
  let inItems = false;
  let lastKey = '';
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const start = i;
      // Jump to the closing quote: one quote preceded by an even number of backslashes.
      for (i = text.indexOf('"', i + 1); i !== -1; i = text.indexOf('"', i + 1)) {
        let slashes = 0;
        while (text.charCodeAt(i - 1 - slashes) === 92 /* \ */) slashes++;
        if (slashes % 2 === 0) break;
      }
      if (i === -1) break;
      if (depth === 1) lastKey = text.slice(start + 1, i);
      if (inItems && depth === 2 && expectValue) {
        offsets.push(start);
        expectValue = false;
      }
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (inItems && depth === 2 && expectValue) {
        offsets.push(i);
        expectValue = false;
      }
      depth++;
      if (depth === 2 && c === 91 && lastKey === 'items') {
        inItems = true;
        expectValue = true;
      }
      continue;
    }
    if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
      if (depth === 1 && inItems) inItems = false;
      continue;
    }
    if (c === 44 /* , */ && inItems && depth === 2) expectValue = true;
    else if (inItems && depth === 2 && expectValue && c > 32) {
      offsets.push(i);
      expectValue = false;
    }
  }
  return offsets;
}

/** An item of a kubectl-layout List: where its text starts and ends, and the line it opens on. */
interface ItemSpan {
  start: number;
  end: number;
  line: number;
}

/**
 * The items of a List printed in kubectl's layout (or jq's: any indentation of spaces), or
 * undefined when the text is laid out any other way. With I the indentation of the top-level
 * keys, each item opens with a line of 2I spaces and "{" and closes with the first line of 2I
 * spaces and "}" after it (its own content is indented deeper); items are separated by ",\n"
 * and the array closes with a line of I spaces and "]". The text around the array is returned
 * to be parsed on its own.
 */
export function kubectlListItems(text: string): { spans: ItemSpan[]; shell: string } | undefined {
  const indent = /^\{\n( +)"/.exec(text.slice(0, 64))?.[1];
  if (!indent) return undefined;
  const itemsOpen = `\n${indent}"items": [\n`;
  const itemOpen = `${indent}${indent}{\n`;
  const itemClose = `\n${indent}${indent}}`;
  const arrayClose = `\n${indent}]`;
  const open = text.indexOf(itemsOpen);
  if (open === -1) return undefined;
  const spans: ItemSpan[] = [];
  let line = 1;
  let counted = 0;
  const lineAt = (offset: number) => {
    for (let nl = text.indexOf('\n', counted); nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
      line++;
      counted = nl + 1;
    }
    return line;
  };
  let at = open + itemsOpen.length;
  for (;;) {
    if (!text.startsWith(itemOpen, at)) return undefined;
    const start = at + itemOpen.length - 2;
    const close = text.indexOf(itemClose, start);
    if (close === -1) return undefined;
    const end = close + itemClose.length;
    spans.push({ start, end, line: lineAt(start) });
    if (text.charCodeAt(end) === 44 /* , */ && text.charCodeAt(end + 1) === 10 /* \n */) {
      at = end + 2;
      continue;
    }
    if (!text.startsWith(arrayClose, end)) return undefined;
    // The List without its items: apiVersion, kind, metadata, checked by JSON.parse.
    return { spans, shell: `${text.slice(0, open + itemsOpen.length - 1)}${text.slice(end + 1)}` };
  }
}

/** A kubectl-layout List, parsed and yielded one item at a time. Throws SyntaxError where a part is not JSON. */
function* fromKubectlList(
  text: string,
  file: string,
  skipped: SkippedDocument[],
  list: { spans: ItemSpan[]; shell: string },
  yielded: { count: number },
): Generator<SourceObject> {
  const data: unknown = JSON.parse(list.shell);
  if (!isRecord(data) || !Array.isArray(data.items) || data.items.length !== 0) throw new SyntaxError('not a List');
  data.items = [];
  if (!isList(data)) throw new SyntaxError('not a List');
  const unknownLine = () => undefined;
  for (let i = 0; i < list.spans.length; i++) {
    const { start, end, line } = list.spans[i]!;
    const item: unknown = JSON.parse(text.slice(start, end));
    if (!isRecord(item)) {
      skipped.push({ file, line, reason: `items[${i}] is not an object` });
      continue;
    }
    itemKind(data, item);
    yielded.count++;
    yield { file, line, path: `items[${i}]`, data: item, lineOf: unknownLine };
  }
}

function* fromJson(text: string, file: string, skipped: SkippedDocument[]): Generator<SourceObject> {
  const data: unknown = JSON.parse(text);
  const unknownLine = () => undefined;
  if (!isRecord(data)) {
    skipped.push({ file, line: 1, reason: Array.isArray(data) ? 'a JSON array, not a Kubernetes object' : 'not a Kubernetes object' });
    return;
  }
  const field = objectsField(data);
  if (!field) {
    yield { file, line: 1, path: '', data, lineOf: unknownLine };
    return;
  }
  const items = data[field] as unknown[];
  const lines = field === 'items' ? linesOf(text, jsonItemOffsets(text)) : [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    items[i] = undefined; // released once judged
    const line = lines[i] ?? 1;
    if (!isRecord(item)) {
      skipped.push({ file, line, reason: `${field}[${i}] is not an object` });
      continue;
    }
    if (field === 'items') itemKind(data, item);
    yield { file, line, path: `${field}[${i}]`, data: item, lineOf: unknownLine };
  }
}

function* fromYaml(text: string, file: string, skipped: SkippedDocument[]): Generator<SourceObject> {
  const counter = new LineCounter();
  // Merge keys (`<<: *defaults`), as Kubernetes' own YAML reader (sigs.k8s.io/yaml over go-yaml) and
  // eksctl resolve them: an eksctl file that gives its node groups their amiFamily through one kept
  // them otherwise (trial scan45, file 20). Each expansion counts against the alias bound.
  const documents = parseAllDocuments(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: false, logLevel: 'error', merge: true });
  const docs = Array.isArray(documents) ? documents : [];
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      const pos = counter.linePos(error.pos[0]);
      throw new ScanParseError(file, pos.line, pos.col, error.message.split('\n')[0]!);
    }
  }
  for (const doc of docs) yield* objectsOfDocument(doc, counter, file, skipped);
}

function* objectsOfDocument(doc: Document, counter: LineCounter, file: string, skipped: SkippedDocument[]): Generator<SourceObject> {
  const root = doc.contents;
  if (root === null) return; // an empty document (a "---" with nothing after it)
  const startLine = (node: { range?: [number, number, number] | null } | null | undefined) => (node?.range ? counter.linePos(node.range[0]).line : undefined);
  const docLine = startLine(root) ?? 1;
  let data: unknown;
  try {
    data = yamlValue(doc, counter);
  } catch (error) {
    if (error instanceof YamlValueError) throw new ScanParseError(file, error.line, error.column, error.reason);
    throw error;
  }
  if (!isRecord(data) || !isMap(root)) {
    skipped.push({ file, line: docLine, reason: data === null || data === undefined ? 'an empty document' : 'not a Kubernetes object (not a mapping)' });
    return;
  }
  const lineIn = (base: readonly (string | number)[]) => (path: readonly (string | number)[]) => {
    const node = doc.getIn([...base, ...path], true) as { range?: [number, number, number] } | undefined;
    // A scalar's own line is where its value is; a key with a mapping value starts on the key's line.
    return node && typeof node === 'object' && 'range' in node ? startLine(node) : undefined;
  };
  const field = objectsField(data);
  if (!field) {
    yield { file, line: docLine, path: '', data, lineOf: lineIn([]) };
    yield* embeddedObjects(manifestTexts(doc, counter, data), file, skipped);
    return;
  }
  const itemsNode = root.get(field, true);
  const items = data[field] as unknown[];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const node = isSeq(itemsNode) ? itemsNode.items[i] : undefined;
    const line = startLine(node as never) ?? docLine;
    if (!isRecord(item)) {
      skipped.push({ file, line, reason: `${field}[${i}] is not an object` });
      continue;
    }
    if (field === 'items') itemKind(data, item);
    yield { file, line, path: `${field}[${i}]`, data: item, lineOf: lineIn([field, i]) };
  }
}

/**
 * The objects a ConfigMap keeps as text (embedded-manifests.ts), each on its line of the file where
 * the text is a block scalar, else on its key's line. Only objects with a name are taken (what a
 * ClusterResourceSet creates): a configuration file with an apiVersion and a kind but no metadata
 * (a KubeProxyConfiguration in kube-proxy's ConfigMap) is the ConfigMap's reader's to read. Text
 * that does not parse, or holds too many documents, is reported as skipped, never read in part.
 */
function* embeddedObjects(texts: readonly ManifestText[], file: string, skipped: SkippedDocument[]): Generator<SourceObject> {
  for (const { key, text, firstLine, keyLine } of texts) {
    const where = (line: number | undefined) => (firstLine !== undefined && line !== undefined ? firstLine + line - 1 : keyLine);
    if (hasMoreDocumentsThan(text, MAX_EMBEDDED_DOCUMENTS)) {
      skipped.push({ file, line: keyLine, reason: `data key ${key} holds more than ${MAX_EMBEDDED_DOCUMENTS} documents: its manifests are not read` });
      continue;
    }
    const inner: SkippedDocument[] = [];
    let objects: SourceObject[];
    try {
      objects = [...(looksLikeJson(text) ? objectsOfGeneral(text, file, inner) : fromYaml(text, file, inner))];
    } catch (error) {
      if (!(error instanceof ScanParseError)) throw error;
      skipped.push({
        file,
        line: where(error.line),
        reason: `data key ${key} holds text that is not valid YAML (${error.reason}): its manifests are not read`,
      });
      continue;
    }
    for (const o of objects) {
      const meta = o.data.metadata;
      if (!isRecord(meta) || typeof meta.name !== 'string' || typeof o.data.kind !== 'string') continue;
      yield { file, line: where(o.line), path: `data.${key}${o.path ? `.${o.path}` : ''}`, data: o.data, lineOf: (path) => where(o.lineOf(path)) };
    }
  }
}

/**
 * Whether the text holds more than `limit` YAML documents, by its document markers (a line that
 * starts with "---" or "..."), without parsing: parsing 20,000 empty documents took the event
 * loop for most of a second.
 */
export function hasMoreDocumentsThan(text: string, limit: number): boolean {
  let count = 1;
  const marker = /^(?:---|\.\.\.)(?=\s|$)/gm;
  while (marker.exec(text) !== null) if (++count > limit) return true;
  return false;
}

/** True when the text is JSON rather than YAML (JSON is also YAML, but parsed faster as JSON). */
function looksLikeJson(text: string): boolean {
  const first = /\S/.exec(text);
  return first !== null && (first[0] === '{' || first[0] === '[');
}

/**
 * Every Kubernetes object in the text, in order. Throws ScanParseError (file, line, column) when
 * the text is not valid YAML or JSON; documents without an object are added to `skipped`.
 */
export function* objectsOf(text: string, file: string, skipped: SkippedDocument[] = []): Generator<SourceObject> {
  if (looksLikeJson(text)) {
    const list = kubectlListItems(text);
    if (list) {
      const yielded = { count: 0 };
      const mark = skipped.length;
      try {
        yield* fromKubectlList(text, file, skipped, list, yielded);
        return;
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        // A part that is not JSON: read the whole text the general way, which says where (or
        // accepts it as YAML), and pass over the objects already yielded.
        skipped.length = mark;
        let pass = yielded.count;
        for (const object of objectsOfGeneral(text, file, skipped))
          if (pass > 0) pass--;
          else yield object;
        return;
      }
    }
    yield* objectsOfGeneral(text, file, skipped);
    return;
  }
  yield* fromYaml(text, file, skipped);
}

/** JSON text parsed whole; when it is not JSON, the YAML parser says where (and accepts YAML flow mappings that start with "{"). */
function* objectsOfGeneral(text: string, file: string, skipped: SkippedDocument[]): Generator<SourceObject> {
  let objects: Generator<SourceObject>;
  try {
    objects = fromJson(text, file, skipped);
    const first = objects.next();
    if (first.done) return;
    yield first.value;
  } catch {
    yield* fromYaml(text, file, skipped);
    return;
  }
  yield* objects;
}

/**
 * The objects of text that arrives in pieces (a file read a chunk at a time), the same as
 * objectsOf on the whole text. A List in kubectl's layout is parsed item by item as the pieces
 * arrive, so neither the whole text nor the whole parsed dump is ever in memory; anything else
 * (another layout, an item without a kind in a typed list, text that is not JSON) is handed to
 * objectsOf on `whole()`, passing over the objects already yielded.
 */
export function* objectsOfChunks(chunks: Iterable<string>, whole: () => string, file: string, skipped: SkippedDocument[] = []): Generator<SourceObject> {
  const source = chunks[Symbol.iterator]();
  let buf = '';
  let ended = false;
  /** Reads until buf holds `length` characters (or the input ends). */
  const fill = (length: number) => {
    while (!ended && buf.length < length) {
      const next = source.next();
      if (next.done) ended = true;
      else buf += next.value;
    }
    return buf.length >= length;
  };
  const mark = skipped.length;
  let yielded = 0;
  function* general(): Generator<SourceObject, void> {
    skipped.length = mark;
    let pass = yielded;
    for (const object of objectsOf(whole(), file, skipped))
      if (pass > 0) pass--;
      else yield object;
  }

  fill(64);
  const indent = /^\{\n( +)"/.exec(buf.slice(0, 64))?.[1];
  const itemsOpen = `\n${indent}"items": [\n`;
  let open = indent ? buf.indexOf(itemsOpen) : -1;
  while (indent && open === -1 && !ended && buf.length < 1 << 16) {
    fill(buf.length + 4096);
    open = buf.indexOf(itemsOpen);
  }
  if (!indent || open === -1) {
    yield* general();
    return;
  }
  const itemOpen = `${indent}${indent}{\n`;
  const itemClose = `\n${indent}${indent}}`;
  const arrayClose = `\n${indent}]`;
  const header = buf.slice(0, open + itemsOpen.length - 1);
  let line = 1;
  for (let nl = header.indexOf('\n'); nl !== -1; nl = header.indexOf('\n', nl + 1)) line++;
  // Line of buf[pos], for the pos below; buf only ever holds text from an item's start on.
  let pos = open + itemsOpen.length;
  line++; // the "items": [ line ends with the newline at pos - 1
  const countLines = (from: number, to: number) => {
    for (let nl = buf.indexOf('\n', from); nl !== -1 && nl < to; nl = buf.indexOf('\n', nl + 1)) line++;
  };
  for (let i = 0; ; i++) {
    // Keep only what is not read yet before the buffer grows (pos is past "[\n" or ",\n", never 0).
    buf = buf.slice(pos);
    if (!fill(itemOpen.length) || !buf.startsWith(itemOpen)) return yield* general();
    const start = itemOpen.length - 2;
    let close = buf.indexOf(itemClose, start);
    while (close === -1 && !ended) {
      const searched = Math.max(start, buf.length - itemClose.length);
      fill(buf.length + (1 << 20));
      close = buf.indexOf(itemClose, searched);
    }
    if (close === -1) return yield* general();
    const end = close + itemClose.length;
    fill(end + arrayClose.length);
    let item: unknown;
    try {
      item = JSON.parse(buf.slice(start, end));
    } catch {
      return yield* general();
    }
    // A typed list's items take their kind and apiVersion from the list, known only at its end.
    if (!isRecord(item) || item.kind === undefined || item.apiVersion === undefined) return yield* general();
    const itemLine = line;
    countLines(0, end);
    if (buf.charCodeAt(end) === 44 /* , */ && buf.charCodeAt(end + 1) === 10 /* \n */) {
      countLines(end, end + 2);
      pos = end + 2;
      yielded++;
      yield { file, line: itemLine, path: `items[${i}]`, data: item, lineOf: () => undefined };
      continue;
    }
    if (!buf.startsWith(arrayClose, end)) return yield* general();
    // The last item: the rest of the text closes the List; check it before the last object goes out.
    while (!ended) fill(buf.length + (1 << 20));
    let list: unknown;
    try {
      list = JSON.parse(`${header}${buf.slice(end + 1)}`);
    } catch {
      return yield* general();
    }
    if (!isRecord(list) || !Array.isArray(list.items) || list.items.length !== 0 || !isList(list)) return yield* general();
    list.items = [];
    itemKind(list, item);
    yielded++;
    yield { file, line: itemLine, path: `items[${i}]`, data: item, lineOf: () => undefined };
    return;
  }
}
