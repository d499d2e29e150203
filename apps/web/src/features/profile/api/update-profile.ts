import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody, UserResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/user/profile: the updated user. */
export function updateProfile(body: ProfileUpdateBody): Promise<UserResponse> {
  return api.put<UserResponse>('/api/user/profile', body);
}

/**
 * The answer replaces the cached user (part 2 §7); year-specific copies are refetched, and so are
 * the notifications, since a saved profile clears its notice: the bell follows at once, not at its
 * next poll.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user(), user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user(), predicate: (query) => query.queryKey.length > 1 });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  });
}
