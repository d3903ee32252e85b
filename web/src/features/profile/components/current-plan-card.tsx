import { planOffer, type PublicUser } from '@planline/domain';
import { Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

export function CurrentPlanCard({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const offer = planOffer(user.currentPlan);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Current Plan</CardTitle>
        <CardDescription>What your account includes today.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-xl font-semibold text-slate-900">{offer.title} Plan</p>
          <p className="text-sm text-slate-600">
            ${offer.priceUsdPerMonth} {offer.priceNote}
          </p>
        </div>
        {user.currentPlan === 'free' ? (
          <Button onClick={() => navigate('/upgrade')}>
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            Upgrade Plan
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
