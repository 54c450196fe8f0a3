/**
 * DELETE /api/recordings: every recording of the signed-in user; the scores stay (issue #14 item 11).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { call } from '../../../lib/api/http.ts';

/** Deletes the user's recordings. @returns how many were deleted. @throws {ApiError} */
export async function deleteRecordings(): Promise<number> {
  return (await call(api.recordings.$delete())).deleted;
}

/** Mutation for {@link deleteRecordings}; the session list (its `has_audio`) is fetched again. */
export function useDeleteRecordings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecordings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reading-sessions'] }),
  });
}
