import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { signOut } from '../../auth';

export function AccountActionsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Actions</CardTitle>
        <CardDescription>Sign out of Planline on this device.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          onClick={() => void signOut()}
        >
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Sign Out
        </Button>
      </CardContent>
    </Card>
  );
}
