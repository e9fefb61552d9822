/**
 * Text from input (file names, object names, subjects, messages that quote them, reasons of
 * accepted findings) made inert for markdown, for `--output markdown`, which becomes a pull-request
 * comment. GitHub renders that comment: without this a name could be a live link or an image (a
 * tracking pixel), an `@team` mention that notifies people, raw HTML, or a backtick that closes
 * the code span around it and lets the rest render.
 *
 * Two forms, both safe inside a table cell (no pipe splits it, no line break ends the row):
 * - markdownCode: a code span, inside which markdown renders nothing; its fence is one backtick
 *   longer than the longest run of backticks in the text, so the text cannot close it.
 * - markdownText: plain text with every markdown metacharacter escaped, and what GitHub turns
 *   into links or notifications after markdown (mentions, #123 references, bare URLs, e-mail
 *   addresses) broken by a zero-width space, which a reader does not see.
 */

/** A zero-width space, as an entity: it survives the markdown and is invisible in the comment. */
const ZWSP = '&#8203;';

/**
 * A pipe escaped for a GFM table cell. The cell splitter reads a backslash and the character after
 * it as a pair, so a backslash just before a pipe is doubled to keep the pipe's own backslash its own.
 */
const escapePipes = (text: string) => text.replace(/(\\*)\|/g, (_match, slashes: string) => `${slashes}${slashes}\\|`);

/** Text as a code span, safe in a table cell; a line break is shown as `\n`. */
export function markdownCode(text: string): string {
  if (text === '') return '';
  const body = escapePipes(text.replace(/\r?\n/g, '\\n'));
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A space on both sides is taken off again by the reader; it keeps a backtick at either end
  // from joining the fence, and an outer space of the text from being taken off.
  const pad = body.startsWith('`') || body.endsWith('`') || (body.startsWith(' ') && body.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** Plain text with nothing left for markdown or GitHub to render; line breaks become `<br>`. */
export function markdownText(text: string): string {
  return (
    text
      // Every ASCII punctuation markdown gives a meaning inline: emphasis, code, links and images,
      // raw HTML and entities, strikethrough, table cells. Escaped with a backslash, each is itself.
      .replace(/[\\`*_[\]<>|~&!]/g, '\\$&')
      // After markdown, GitHub links @user, @org/team and #123, and e-mail addresses: break them.
      .replace(/([@#])(?=[\p{L}\p{N}_-])/gu, `$1${ZWSP}`)
      // Bare URLs and www. addresses are autolinked: break the scheme and the www.
      .replace(/:(?=\/\/)/g, `:${ZWSP}`)
      .replace(/\b(www)\./gi, `$1${ZWSP}.`)
      .replace(/\r?\n/g, '<br>')
  );
}
