import type { PublicUser } from '@planline/domain';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '../../../components/ui/card';
import { ProfileForm } from './profile-form';

export function PersonalInfoCard({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false);
  const rows = [
    { label: 'First Name', value: user.firstName },
    { label: 'Last Name', value: user.lastName },
    { label: 'Email', value: user.email },
  ];

  return (
    <Card>
      <div className="flex items-start justify-between gap-4 p-6 pb-3">
        <div className="space-y-1.5">
          <CardTitle>Personal Information</CardTitle>
          <CardDescription>Your name and the email you sign in with.</CardDescription>
        </div>
        {editing ? null : (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit Profile
          </Button>
        )}
      </div>
      <CardContent>
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            {rows.map(({ label, value }) => (
              <div key={label} className={label === 'Email' ? 'sm:col-span-2' : undefined}>
                <dt className="text-sm font-medium text-slate-500">{label}</dt>
                <dd className="mt-1 text-sm text-slate-900">{value || '—'}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
