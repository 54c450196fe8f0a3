/**
 * Request validation with @hono/zod-validator against the schemas in core/api. A refusal is thrown as
 * an {@link ApiFailure} (the pattern @hono/zod-validator's README gives for a shared hook), so every
 * route answers bad input the same way: 422 `invalid_input`, the first issue as the message and all
 * issues as `details`. A route may name another refusal (e.g. 404 for a malformed id).
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorCode } from '#core/api/errors.ts';
import { ApiFailure } from './errors.ts';

/** One issue of a refused input: the dotted path of the field and what is wrong with it. */
export interface InputIssue {
  path: string;
  /** zod's issue code, e.g. `too_big`, `invalid_type`. */
  code: string;
  message: string;
}

/** The issues of a zod error as `details` of an `invalid_input` answer. */
export function inputIssues(error: z.core.$ZodError): InputIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.join('.'),
    code: issue.code,
    message: issue.message,
  }));
}

/** How a route answers input its schema refuses, from the issues found. */
export type RefusalFor = (issues: InputIssue[]) => {
  status: ContentfulStatusCode;
  code: ApiErrorCode;
  message: string;
  details?: unknown;
};

const invalidInput: RefusalFor = (issues) => ({
  status: 422,
  code: 'invalid_input',
  message: issues[0]
    ? `${issues[0].path ? `${issues[0].path}: ` : ''}${issues[0].message}`
    : 'Invalid input.',
  details: issues,
});

/**
 * Validates `target` ('json', 'form', 'query', 'param') with `schema`; the handler reads
 * `c.req.valid(target)`, typed by the schema, and so does the typed client (`hc<AppType>`).
 * @throws ApiFailure 422 `invalid_input` (or the route's own `refusal`) when the input does not match
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  refusal: RefusalFor = invalidInput,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const answer = refusal(inputIssues(result.error));
      // Refusals are logged with their code, so a client sending bad input shows in the log.
      (c.var as { log?: { info: (o: object, m: string) => void } }).log?.info(
        { code: answer.code, target, issues: inputIssues(result.error).slice(0, 5) },
        'input refused',
      );
      throw new ApiFailure(answer.status, answer.code, answer.message, answer.details);
    }
  });
}
