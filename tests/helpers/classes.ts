/**
 * Classes made and joined through the API, as a teacher and readers do (docs/decisions/0046-classes.md), for the
 * integration tests of what follows from them (assignments, class figures, screenings).
 */
import { expect } from 'vitest';
import { ClassCodeResponseSchema, ClassResponseSchema, type ClassSummary } from '../../core/api/classes.ts';
import type { TestBrowser } from './app.ts';

/** A signed-in user with their browser (createSignedInClient). */
export interface Person {
  client: TestBrowser;
  userId: string;
}

/** POST /api/classes as `teacher`: a class of grade 2 named `name`. */
export async function makeClass(teacher: Person, name = 'Room 4'): Promise<ClassSummary> {
  const res = await teacher.client.request('/api/classes', { method: 'POST', json: { name, grade: '2' } });
  expect(res.status).toBe(201);
  return ClassResponseSchema.parse(await res.json()).class;
}

/** A new code for `classId` made by `teacher`, then each of `readers` joins with it (each a 201). */
export async function joinWithCode(teacher: Person, classId: string, ...readers: Person[]): Promise<void> {
  const res = await teacher.client.request(`/api/classes/${classId}/code`, { method: 'POST' });
  expect(res.status).toBe(201);
  const { code } = ClassCodeResponseSchema.parse(await res.json());
  for (const r of readers)
    expect((await r.client.request('/api/classroom/join', { method: 'POST', json: { code } })).status).toBe(
      201,
    );
}
