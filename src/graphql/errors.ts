/**
 * The error codes the API returns (documented in docs/api.md, "Errors"): bad arguments are
 * BAD_USER_INPUT with the field and, where there is a closed set, the valid choices.
 */
import { GraphQLError } from 'graphql';
import { closestNames, refusalMessage } from '../domain/closest.js';
import { PlanError } from '../domain/compatibility/plan.js';

export const ERROR_CODES = {
  BAD_USER_INPUT:
    'An argument is invalid: unknown slug, malformed version, impossible number. ' +
    'extensions.field names it and extensions.reason says what is wrong without the choices; extensions.validChoices lists the accepted values where there is a closed set, ' +
    'extensions.suggestions the closest known values (the nearest valid choice of an unknown slug, or the closest few where the set is large, as EC2 instance types); ' +
    'for a plan (compatibility, scan), extensions.problems lists every refused field at once, the first being the one above.',
  GRAPHQL_PARSE_FAILED: 'The query is not valid GraphQL syntax.',
  GRAPHQL_VALIDATION_FAILED:
    'The query does not match the schema, asks for an operation type the API lacks, or is over the depth, alias, directive or selection limit.',
  COST_LIMIT_EXCEEDED: 'The operation costs more than the limit per request (HTTP 400); extensions.cost and extensions.limit give both numbers.',
  PERSISTED_QUERY_NOT_FOUND: 'A persisted-query hash the server does not know yet (HTTP 200): send the query text with it once.',
  INTERNAL_SERVER_ERROR: 'An unexpected failure; the message is masked and the server logs it with the request id.',
  BAD_REQUEST:
    'Malformed JSON, a missing or non-string query, a batch body, variables nested too deep, a persisted query of another version or whose hash does not match its text, or a CSRF-blocked request.',
  PAYLOAD_TOO_LARGE: 'The body is over the size limit (HTTP 413).',
  UNSUPPORTED_MEDIA_TYPE: 'A content type the server does not parse (HTTP 415).',
  NOT_FOUND: 'An unknown path (HTTP 404).',
  TIMEOUT: 'The request was still unanswered at its deadline (HTTP 503); the connection is then closed.',
  OPERATION_RESOLUTION_FAILURE: 'An operationName the document does not define, or none for a document of several operations (HTTP 400).',
  SCAN_TOO_LARGE: "A scan's report would be over the ceiling per answer, or the scan outgrew its worker's memory; extensions.limit gives the ceiling.",
  SCAN_BUSY: 'Every scan worker is busy and the queue of scans waiting for one is full (HTTP 503, Retry-After).',
  REQUEST_TIMEOUT: 'The request was still arriving at the request timeout (HTTP 408).',
  HEADERS_TOO_LARGE: 'The request headers are over 16 KB (HTTP 431).',
} as const;

/** A refused argument; `suggestions` are the closest known values (the nearest of `validChoices`, or a few of a set too large to list). */
export function badUserInput(field: string, message: string, validChoices?: readonly string[], suggestions?: readonly string[]): GraphQLError {
  return new GraphQLError(refusalMessage(message, validChoices, suggestions), {
    extensions: {
      code: 'BAD_USER_INPUT',
      field,
      reason: message,
      ...(validChoices ? { validChoices: [...validChoices] } : {}),
      ...(suggestions && suggestions.length > 0 ? { suggestions: [...suggestions] } : {}),
    },
  });
}

/** An unknown name of a closed set: every valid choice, and the nearest of them. */
export function unknownChoice(field: string, message: string, wanted: string, validChoices: readonly string[]): GraphQLError {
  return badUserInput(field, message, validChoices, closestNames(wanted, validChoices, 1));
}

/** For open sets too large to list (1164 instance types): the closest known values instead. */
export function unknownWithSuggestions(field: string, message: string, suggestions: readonly string[]): GraphQLError {
  return badUserInput(field, message, undefined, suggestions);
}

/** One refused field of a plan, as `extensions.problems` lists it. */
export interface ProblemExtension {
  field: string;
  reason: string;
  message: string;
  validChoices?: string[];
  suggestions?: string[];
}

/**
 * Turns a domain refusal into the API's error; anything else is rethrown untouched. The message
 * and `field`, `validChoices`, `suggestions` are the first problem's, as before; `problems` lists
 * every refused field of the plan, so a client fixes them all in one round trip.
 */
export function asUserInputError(error: unknown, fieldPrefix = 'input'): never {
  if (error instanceof PlanError) {
    const field = `${fieldPrefix}.${error.field}`;
    const first = badUserInput(field, error.reason, error.validChoices, error.suggestions);
    const problems = error.problems.map((p): ProblemExtension => ({
      field: `${fieldPrefix}.${p.field}`,
      reason: p.reason,
      message: p.message,
      ...(p.validChoices ? { validChoices: [...p.validChoices] } : {}),
      ...(p.suggestions ? { suggestions: [...p.suggestions] } : {}),
    }));
    throw new GraphQLError(first.message, { extensions: { ...first.extensions, problems } });
  }
  throw error;
}
