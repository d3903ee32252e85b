import { createTeamInputSchema, PAYMENTS_NOT_CONFIGURED, teamPlanLabel, type CreateTeamInput, type PaidPlan, type TeamSummary } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { isUnauthorizedError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useCreateTeam } from '../../teams';
import { useBillingConfig, useCheckout } from '../billing.api';
import { BackToProjects } from './back-to-projects';
import {
  checkoutChoices,
  defaultCheckoutTeam,
  paidPlanOf,
  planChangeNote,
  planTitle,
  type CheckoutChoice,
} from '../billing-rules';
import { CheckoutFailure } from './checkout-failure';

interface TeamCheckoutProps {
  plan: PaidPlan;
  /** All the user's teams; only those they own can be paid for. */
  teams: TeamSummary[];
  /** Chosen first when it can be. */
  preferredTeamId: string | null;
  /** The page to come back to when the user cancels at checkout. */
  cancelPath: string;
  label: string;
}

/**
 * Pays for a plan for one of the user's own teams (plans are per team): the one they own, a choice among
 * several, or, owning none, a team named here first. Then off to checkout.
 */
export function TeamCheckout({ plan, teams, preferredTeamId, cancelPath, label }: TeamCheckoutProps) {
  const checkout = useCheckout(plan, cancelPath);
  const choices = checkoutChoices(teams, plan);
  const [picked, setPicked] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  const selectable = (id: string | null) => choices.some((c) => c.team.id === id && c.unavailable === null);
  const selected = selectable(picked) ? picked : defaultCheckoutTeam(choices, preferredTeamId);
  const title = planTitle(plan);
  const config = useBillingConfig();

  // The server has neither Stripe nor the test checkout: say so instead of offering a button that fails.
  if (config.data?.mode === 'off') {
    return (
      <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {PAYMENTS_NOT_CONFIGURED}. Plans cannot be bought here yet; ask whoever runs this server.
      </p>
    );
  }

  if (choices.length === 0) {
    return (
      <div className="space-y-4">
        <NameYourTeam busy={checkout.busy} onCreated={(team) => void checkout.start(team.id)} />
        <CheckoutFailure message={checkout.failure} />
      </div>
    );
  }

  if (selected === null) {
    return (
      <div className="space-y-4">
        <p className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {choices.length === 1
            ? `${choices[0]!.team.name} is already on ${planTitle(paidPlanOf(choices[0]!.team) ?? plan)}.`
            : `Every team you own already has ${title} or more.`}
        </p>
        <BackToProjects />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {choices.length === 1 ? (
        <p className="text-sm text-slate-600">
          For your team <strong className="text-slate-900">{choices[0]!.team.name}</strong> ({teamPlanLabel(choices[0]!.team, now)}).
        </p>
      ) : (
        <TeamChoice choices={choices} selected={selected} onSelect={setPicked} now={now} disabled={checkout.busy} />
      )}
      <PlanChangeNote team={choices.find((c) => c.team.id === selected)!.team} plan={plan} />
      <Button size="lg" className="w-full" onClick={() => void checkout.start(selected)} disabled={checkout.busy}>
        {checkout.redirecting ? 'Redirecting to checkout...' : checkout.busy ? 'Starting checkout...' : label}
      </Button>
      <CheckoutFailure message={checkout.failure} />
    </div>
  );
}

/** [plan-change] A team paying for a lower plan is not sent to a checkout: its subscription changes at once. */
function PlanChangeNote({ team, plan }: { team: TeamSummary; plan: PaidPlan }) {
  const config = useBillingConfig();
  const note = planChangeNote(team, plan, config.data?.mode);
  return note ? <p className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">{note}</p> : null;
}

interface TeamChoiceProps {
  choices: CheckoutChoice[];
  selected: string;
  onSelect: (teamId: string) => void;
  now: Date;
  disabled: boolean;
}

/** The owned teams as radio buttons (arrow keys move between them); teams that have the plan are shown, greyed. */
function TeamChoice({ choices, selected, onSelect, now, disabled }: TeamChoiceProps) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Which team is this for?</legend>
      {choices.map(({ team, unavailable }) => {
        const id = `checkout-team-${team.id}`;
        return (
          <label
            key={team.id}
            htmlFor={id}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
              selected === team.id ? 'border-blue-600 bg-blue-50' : 'border-slate-200 bg-white hover:bg-slate-50',
              unavailable && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              id={id}
              type="radio"
              name="checkout-team"
              value={team.id}
              checked={selected === team.id}
              disabled={unavailable !== null}
              onChange={() => onSelect(team.id)}
              className="h-4 w-4 accent-blue-600"
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{team.name}</span>
              <span className="block text-xs text-slate-500">{unavailable ?? teamPlanLabel(team, now)}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** Plans are per team: someone who owns none names one here (POST /api/teams), and checkout follows. */
function NameYourTeam({ busy, onCreated }: { busy: boolean; onCreated: (team: TeamSummary) => void }) {
  const createTeam = useCreateTeam();
  const form = useForm<CreateTeamInput>({
    resolver: zodResolver(createTeamInputSchema),
    defaultValues: { name: '', description: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const team = await createTeam.mutateAsync({ name });
      toast({ title: 'Team created successfully!' });
      onCreated(team);
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      applyServerIssues(err, form.setError, ['name']);
      toast({ title: 'Error', description: 'Failed to create team. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="name-your-team">
      <div>
        <h2 id="name-your-team" className="text-base font-semibold text-slate-900">
          Name your team
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Plans are paid per team, and you don't own one yet. Name it and we'll take you to checkout.
        </p>
      </div>
      <FormField id="checkout-team-name" label="Team Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="organization" {...form.register('name')} />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || busy}>
        {isSubmitting ? 'Creating team...' : busy ? 'Starting checkout...' : 'Create team and continue'}
      </Button>
    </form>
  );
}
