/**
 * Readers, guardians and family links made through the API, as people make them (docs/decisions/0041-family-links.md),
 * for the integration tests of what a link opens (the family report, Enhanced Reports, reading goals).
 */
import { expect } from 'vitest';
import {
  LinkCodeResponseSchema,
  RedeemLinkCodeResponseSchema,
  type LinkCodeResponse,
} from '../../core/api/family.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { createSignedInClient, type TestApp, type TestBrowser } from './app.ts';

/** A signed-in user with their browser (createSignedInClient). */
export interface FamilyPerson {
  client: TestBrowser;
  userId: string;
  email: string;
}

/** A new signed-in reader (a student unless `data.user_type` says other) named `name`. */
export function signUpReader(
  app: TestApp,
  handle: DatabaseHandle,
  name = 'Mia',
  data: { grade?: '2' | 'K'; user_type?: 'student' | 'other' } = {},
): Promise<FamilyPerson> {
  return createSignedInClient(app, handle, { display_name: name, user_type: 'student', ...data });
}

/** A new signed-in guardian named `name`. */
export function signUpGuardian(
  app: TestApp,
  handle: DatabaseHandle,
  name = 'Grown-up',
): Promise<FamilyPerson> {
  return createSignedInClient(app, handle, { display_name: name, user_type: 'guardian' });
}

/** POST /api/family/code as `person`: a new code (expects 201). */
export async function makeCode(person: Pick<FamilyPerson, 'client'>): Promise<LinkCodeResponse> {
  const res = await person.client.api.family.code.$post();
  expect(res.status).toBe(201);
  return LinkCodeResponseSchema.parse(await res.json());
}

/** POST /api/family/links as `person` with `code` (any value, to test refusals): the raw answer. */
export function redeem(person: Pick<FamilyPerson, 'client'>, code: unknown): Promise<Response> {
  return person.client.request('/api/family/links', { method: 'POST', json: { code } });
}

/** `child` followed by `adult` through the API (a code made, then entered; expects 201): the link's id. */
export async function follow(
  child: Pick<FamilyPerson, 'client'>,
  adult: Pick<FamilyPerson, 'client'>,
): Promise<string> {
  const { code } = await makeCode(child);
  const res = await redeem(adult, code);
  expect(res.status).toBe(201);
  return RedeemLinkCodeResponseSchema.parse(await res.json()).child.linkId;
}
