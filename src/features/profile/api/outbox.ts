/**
 * GET /api/outbox: the mail the server kept instead of sending (no SMTP_URL), for owners and admins
 * (issue #14 item 9; server/routes/outbox/outbox.routes.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { call } from '../../../lib/api/http.ts';

/** Query key of the outbox. */
export const OUTBOX_QUERY_KEY = ['outbox'] as const;

/** The outbox, newest first. @throws {ApiError} 403 `forbidden` for anyone but an owner or admin. */
export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: OUTBOX_QUERY_KEY,
    queryFn: () => call(api.outbox.$get()),
    enabled,
  });
}
