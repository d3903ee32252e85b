import { initials, type PublicUser } from '@planline/domain';
import { useState } from 'react';

/** The profile picture, else the user's initials (also when the picture fails to load). */
export function UserAvatar({ user }: { user: PublicUser }) {
  const [broken, setBroken] = useState(false);
  if (user.profileImageUrl && !broken) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        className="h-8 w-8 rounded-full object-cover"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-blue-100 text-xs font-semibold text-blue-700"
    >
      {initials(user)}
    </span>
  );
}
