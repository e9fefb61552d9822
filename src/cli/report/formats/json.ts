/**
 * `--output json`: the API's answer, for machines. A check prints the `compatibility` query's
 * report, a scan the `scan` query's (the same document: src/domain/scan/document.ts), each with
 * the CLI's acceptance marks where findings are accepted. A scan is written an object at a time,
 * as the same text as JSON.stringify(report, null, 2), so a dump of thousands of objects is never
 * one string.
 */
import type { Printer } from '../model.js';

const indented = (value: unknown, by: string) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${by}`);

// An array element as JSON.stringify(..., null, 2) writes it at the second level: stringified
// inside a wrapper and cut out, which indents it without a pass over its text (a large scan's
// JSON is tens of megabytes).
const WRAP_HEAD = '{\n  "_": [\n    '.length;
const WRAP_TAIL = '\n  ]\n}'.length;
const element = (value: unknown) => {
  const text = JSON.stringify({ _: [value] }, null, 2);
  return text.slice(WRAP_HEAD, text.length - WRAP_TAIL);
};

/** JSON.stringify(object, null, 2), with the array under `streamed` written an element at a time. */
export function* jsonChunks(object: object, streamed: string): Generator<string> {
  const entries = Object.entries(object).filter(([, value]) => value !== undefined);
  yield '{';
  let firstKey = true;
  for (const [key, value] of entries) {
    yield `${firstKey ? '' : ','}\n  ${JSON.stringify(key)}: `;
    firstKey = false;
    if (key !== streamed || !Array.isArray(value) || value.length === 0) {
      yield indented(value, '  ');
      continue;
    }
    yield '[';
    let first = true;
    for (const item of value as unknown[]) {
      yield `${first ? '' : ','}\n    ${element(item)}`;
      first = false;
    }
    yield '\n  ]';
  }
  yield firstKey ? '}\n' : '\n}\n';
}

export const printer: Printer = {
  description: "the API's answer as JSON: the compatibility query's report (check), the scan query's (scan)",
  print: (report) => (report.kind === 'check' ? [`${JSON.stringify(report.report, null, 2)}\n`] : jsonChunks(report.scan, 'objects')),
};
