/**
 * HTML building with escaping by default: every interpolated value is escaped unless it is
 * already `Html` (built by this module). Text from the data never reaches a page unescaped.
 */

/** A fragment of markup that is safe to insert as is. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export type Interpolation = Html | string | number | boolean | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<td>${text}</td>\`` escapes `text`; arrays are joined; null, undefined and false render nothing. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Markup the caller vouches for (constant strings, or output of a builder that escapes). */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** Joins fragments with an (escaped) separator. */
export function join(parts: readonly Interpolation[], separator: Interpolation = ''): Html {
  return new Html(parts.map(render).join(render(separator)));
}

/** A URL with query parameters, for an href (escaped again when interpolated). */
export function withQuery(path: string, parameters: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A link to GraphiQL that opens with `query` in its editor (the page reads ?query=). */
export function graphiqlHref(query: string): string {
  return withQuery('/graphiql', { query });
}
