/**
 * Who sees a reader's own pages (My Learning Path, Enhanced Reports): one rule for every such screen, so a user is
 * not a reader on one and a teacher on the next. A user whose profile is a reader's sees their own reader pages,
 * whatever their roles: a teacher who is also a reader (docs/decisions/0046-classes.md, amendment "A teacher who is
 * also a reader") reads on their own account, and the server answers their own figures (it asks the profile type,
 * `requireReader`, READER_TYPES in server/routes/family/family.service.ts).
 */
import type { MeResponse } from '#core/api/account.ts';

/** Who is looking at a reader's page: a reader (their own), a guardian or a teacher (pointed elsewhere). */
export type ReaderPagesViewer = 'reader' | 'guardian' | 'teacher';

/**
 * Whether the user's profile type is a reader's (student or other: the server's READER_TYPES, which decide who may
 * join a class, take a screening and make a family code).
 */
export function isReaderProfile(me: Pick<MeResponse, 'profile'>): boolean {
  const type = me.profile?.user_type;
  return type === 'student' || type === 'other';
}

/** Whether the user teaches: the teacher role or a teacher's profile (the teacher's menu, spec §6). */
export function isTeacher(me: Pick<MeResponse, 'roles' | 'profile'>): boolean {
  return me.roles.includes('teacher') || me.profile?.user_type === 'teacher';
}

/**
 * Who the user is on a reader's own pages: a reader when their profile is a reader's ({@link isReaderProfile}, a
 * teacher too: they see their own pages, and the page may point them to their classes as well); else a teacher
 * ({@link isTeacher}); else a guardian by their profile; else (no profile yet) a reader.
 */
export function readerPagesViewer(me: Pick<MeResponse, 'roles' | 'profile'>): ReaderPagesViewer {
  if (isReaderProfile(me)) return 'reader';
  if (isTeacher(me)) return 'teacher';
  if (me.profile?.user_type === 'guardian') return 'guardian';
  return 'reader';
}
