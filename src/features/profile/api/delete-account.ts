/**
 * DELETE /api/account: the signed-in user's account and everything of it (issue #14 item 11). On
 * success the page forgets the user, and the route guard sends them to the sign-in page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '#core/api/account.ts';
import { api } from '../../../lib/api/client.ts';
import { call } from '../../../lib/api/http.ts';
import { forgetSignedInUser } from '../../../lib/api/me.ts';

/** Deletes the account. @throws {ApiError} 403 `wrong_password`, 409 `last_owner` */
export async function deleteAccount(request: DeleteAccountRequest): Promise<void> {
  await call(api.account.$delete({ json: request }));
}

/** Mutation for {@link deleteAccount}. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => forgetSignedInUser(queryClient),
  });
}
