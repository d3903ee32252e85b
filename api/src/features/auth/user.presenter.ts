import type { UserEntity } from '@planline/db';
import type { PublicUser } from '@planline/domain';

export function presentUser(user: UserEntity): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    currentPlan: user.currentPlan,
    isEmailVerified: user.isEmailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}
