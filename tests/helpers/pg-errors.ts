/** PostgreSQL errors in integration tests, on PGlite and PostgreSQL alike. */
import { expect } from 'vitest';

/** The PostgreSQL error code (SQLSTATE) behind a (possibly Drizzle-wrapped) error. */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

/** Expects `promise` to fail with PostgreSQL error `code` (e.g. '42501' insufficient privilege). */
export async function expectPgError(promise: Promise<unknown>, code: string): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected PostgreSQL error ${code}`).toBeDefined();
  expect(pgCode(caught)).toBe(code);
}
