import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ProfileUpdateBody, type UserResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/user/profile: the updated user. */
export function updateProfile(body: ProfileUpdateBody): Promise<UserResponse> {
  return callApi(routes.updateProfile, { body });
}

/**
 * The answer replaces the cached user (part 2 §7); year-specific copies and the years' tax
 * profiles are refetched (a changed name is their drafts' too), and so are the notifications,
 * since a saved profile clears its notice: the bell follows at once, not at its next poll.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user(), user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user(), predicate: (query) => query.queryKey.length > 1 });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxProfiles });
    },
  });
}
