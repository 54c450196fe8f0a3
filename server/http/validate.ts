/**
 * Request validation with @hono/zod-validator against the schemas in core/api. A refusal is thrown as
 * an {@link ApiFailure} (the pattern @hono/zod-validator's README gives for a shared hook), so every
 * route answers bad input the same way: 422 `invalid_input`, the first issue as the message and all
 * issues as `details`. A route may name another refusal (e.g. 404 for a malformed id).
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { createMiddleware } from 'hono/factory';
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

/** A JSON media type: `application/json`, or `application/<something>+json`, with any parameters. */
const JSON_MEDIA_TYPE = /^application\/([a-z0-9.!#$&^_-]+\+)?json\s*(;|$)/i;

/**
 * For a POST whose input is nothing at all: accepts no body (zero bytes, whatever the Content-Type), or a JSON
 * body `schema` accepts (an empty `z.strictObject({})`). Unlike {@link validate}, a body sent as something other
 * than JSON is refused rather than read as no fields. The route's body limit (MAX_JSON_BYTES, server/app.ts)
 * applies before: the body is read here.
 * @throws ApiFailure 400 `invalid_json` for a JSON body that does not parse; 422 `invalid_input` for a body not
 *   sent as JSON, or one `schema` refuses (a field; its issues as `details`)
 */
export function validateEmptyBody(schema: z.ZodType) {
  return createMiddleware(async (c, next) => {
    const text = await c.req.text();
    if (text.length > 0) {
      let answer: ReturnType<RefusalFor> | null;
      if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) {
        answer = {
          status: 422,
          code: 'invalid_input',
          message: 'This request takes no body, or an empty JSON object.',
        };
      } else {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          throw new ApiFailure(400, 'invalid_json', 'The request body must be JSON.');
        }
        const result = schema.safeParse(value);
        answer = result.success ? null : invalidInput(inputIssues(result.error));
      }
      if (answer) {
        (c.var as { log?: { info: (o: object, m: string) => void } }).log?.info(
          { code: answer.code, target: 'json' },
          'input refused',
        );
        throw new ApiFailure(answer.status, answer.code, answer.message, answer.details);
      }
    }
    await next();
  });
}
