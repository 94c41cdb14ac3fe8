// Successful responses checked against the shared zod schemas. Schemas are loose objects, so fields
// the service adds are kept; a body that is not JSON or lacks a required field is 'invalid-response'.
import type { z } from 'zod';
import { ServiceError } from './errors';
import type { RawResponse } from './http';
import { invalidResponseMessage, type InvalidWhy } from './messages';
import type { OperationName } from './operations';
import { readErrorBody } from './response-errors';

/** The body of a 2xx response parsed with `schema`, or a ServiceError 'invalid-response'. */
export function parseBody<S extends z.ZodType>(
  operation: OperationName,
  response: RawResponse,
  schema: S,
): z.infer<S> {
  const invalid = (why: InvalidWhy): ServiceError =>
    new ServiceError({
      operation,
      problem: 'invalid-response',
      status: response.status,
      message: invalidResponseMessage(operation, response.status, why),
    });
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    if (response.body.trim() === '') throw invalid({ why: 'empty' });
    throw invalid({ why: readErrorBody(response).page ? 'page' : 'notJson' });
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalid({
      why: 'shape',
      ...(issue && issue.path.length > 0 && { path: issue.path.join('.') }),
      ...(issue && { issue: issue.message }),
    });
  }
  return result.data;
}

/**
 * The body of a 2xx response where the spec shows none: parsed with `schema` when it matches, else
 * undefined. Any 2xx with any or no body is success.
 */
export function optionalBody<S extends z.ZodType>(response: RawResponse, schema: S): z.infer<S> | undefined {
  if (response.body.trim() === '') return undefined;
  try {
    const result = schema.safeParse(JSON.parse(response.body));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a status is a success. */
export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
