/**
 * What the request log must not hold (issue #14 item 9): a password-reset link's token travels in
 * the path (`/api/auth/reset-password/<token>`), and whoever reads the log could reset that password. A followed
 * reader's id (`/api/family/children/<id>/report`, ADR 0041) and a pupil's (`/api/classes/pupils/<id>/report`,
 * `/api/classes/<classId>/pupils/<id>`, ADR 0046) are left out too, and so is the id of a pupil's reading a teacher
 * opens (`/api/assignments/<id>/readings/<readingId>`, ADR 0048), and a reader's screening id
 * (`/api/screenings/<id>`, ADR 0049): they would outlive the child's account in the
 * log.
 * Query strings are never logged (e-mail confirmation tokens travel there).
 */

/** Path segments that follow these names are secrets, or a child's id. */
const SECRET_AFTER = [
  'reset-password',
  'delete-user',
  'verify-email',
  'children',
  'pupils',
  'readings',
  'screenings',
];

/** The path with every secret segment replaced by `[redacted]`. */
export function redactPath(path: string): string {
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SECRET_AFTER.includes(segments[i - 1]!) && segments[i] !== '') segments[i] = '[redacted]';
  }
  return segments.join('/');
}

/** Whether HOST names only this machine (the test outbox exists only then). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
