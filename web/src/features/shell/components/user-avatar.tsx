import { initials, type PublicUser } from '@planline/domain';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

type AvatarPerson = Pick<PublicUser, 'firstName' | 'lastName' | 'email' | 'profileImageUrl'>;

/** The profile picture, else the user's initials (also when the picture fails to load). */
export function UserAvatar({ user, className }: { user: AvatarPerson; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (user.profileImageUrl && !broken) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        className={cn('h-8 w-8 shrink-0 rounded-full object-cover', className)}
        onError={() => setBroken(true)}
      />
    );
  }
  // The initials are a picture of the person, like the photo: drawn by CSS, so they are no part of the text of a
  // button that holds the avatar and the name (whose accessible name is the name: WCAG 2.5.3 label in name).
  return (
    <span
      aria-hidden="true"
      data-initials={initials(user)}
      className={cn(
        'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-100 text-xs font-semibold text-blue-700',
        'before:content-[attr(data-initials)]',
        className,
      )}
    />
  );
}
