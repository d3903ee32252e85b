import { DEFAULT_EXPORT_FORMAT, MSPDI_EXPORT_NEEDS_PRO, type ExportFormat, type ExportOptions, type PaymentRequired, type TeamSummary } from '@planline/domain';
import { ChartGantt, FileSpreadsheet, FileText, LoaderCircle, Sheet, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { paymentRequired } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { useAuth } from '../../auth';
import { useBaselines } from '../../baselines';
import { ProFeatureUpgrade } from '../../teams';
import { EXPORT_FAILED_TEXT, useExportProject } from '../export.api';

export interface ExportProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: { id: string; name: string; projectCode: string; teamId: string };
  /** The project's team, when the person is in it (a guest's plan is unknown: the server's 402 tells). */
  team?: Pick<TeamSummary, 'effectivePlan' | 'ownerId'> | null;
}

interface FormatChoice {
  value: ExportFormat;
  label: string;
  detail: string;
  icon: LucideIcon;
  available: boolean;
  /** Pro's (PRODUCT-SPEC §6: Free exports Excel and PDF). */
  pro?: boolean;
}

const FORMAT_CHOICES: readonly FormatChoice[] = [
  { value: 'excel', label: 'Excel', detail: 'Spreadsheet (.xlsx)', icon: FileSpreadsheet, available: true },
  { value: 'pdf', label: 'PDF', detail: 'Printable document (.pdf)', icon: FileText, available: true },
  // Issue 37: tasks, outline, links, people, calendar and the chosen baseline, for MS Project and tools that read it.
  { value: 'mspdi', label: 'MS Project (XML)', detail: 'MS Project file (.xml)', icon: ChartGantt, available: true, pro: true },
  { value: 'google-sheets', label: 'Google Sheets', detail: 'Not available yet', icon: Sheet, available: false },
];

const OPTION_CHOICES: readonly { key: 'includeTimeline' | 'includeAssignments' | 'includeCharts' | 'includeWorkload'; label: string }[] = [
  { key: 'includeTimeline', label: 'Include timeline' },
  { key: 'includeAssignments', label: 'Include assignments' },
  { key: 'includeCharts', label: 'Include charts' },
  // Issue 36: people × weeks, hours against capacity (Pro; the spreadsheet only).
  { key: 'includeWorkload', label: 'Include workload sheet (Excel)' },
];

const NO_BASELINE = 'none';

const DEFAULT_OPTIONS: ExportOptions = { includeTimeline: true, includeAssignments: true, includeCharts: true, includeWorkload: false, baselineId: null };

/**
 * The Export Project dialog (PRODUCT-SPEC §2): Excel or PDF downloads a file made by the server; Google Sheets
 * is advertised and answered with 'Coming Soon'. While a file is being made the dialog stays open.
 */
export function ExportProjectDialog({ open, onOpenChange, project, team = null }: ExportProjectDialogProps) {
  const exportProject = useExportProject(() => onOpenChange(false));
  const { isPending: exporting, reset } = exportProject;

  // A new opening does not show the last one's failure.
  useEffect(() => {
    if (open && !exporting) reset();
    // Only an opening resets: the end of an export must not clear what it reports.
  }, [open]);

  const handleOpenChange = (next: boolean) => {
    // Escape, the overlay and the close button all land here: none of them may drop a download half-way.
    if (!next && exporting) return;
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        title="Export Project"
        description={
          <>
            Download <span className="font-medium text-slate-900">{project.name}</span> ({project.projectCode}).
          </>
        }
      >
        <ExportForm
          projectId={project.id}
          teamId={project.teamId}
          team={team}
          refused={paymentRequired(exportProject.error)}
          exporting={exporting}
          failed={exportProject.isError && !paymentRequired(exportProject.error)}
          onCancel={() => handleOpenChange(false)}
          onExport={(format, options) => {
            if (format === 'google-sheets') {
              toast({ title: 'Coming Soon', description: 'Google Sheets integration is coming soon!' });
              return;
            }
            exportProject.mutate({ format, project, options });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

interface ExportFormProps {
  projectId: string;
  teamId: string;
  team: Pick<TeamSummary, 'effectivePlan' | 'ownerId'> | null;
  /** The server's 402 of the last export (a guest's team on Free). */
  refused: PaymentRequired | null;
  exporting: boolean;
  failed: boolean;
  onCancel: () => void;
  onExport: (format: ExportFormat, options: ExportOptions) => void;
}

/** Its own component so that the choices start from the defaults each time the dialog opens. */
function ExportForm({ projectId, teamId, team, refused, exporting, failed, onCancel, onExport }: ExportFormProps) {
  const id = useId();
  const { user } = useAuth();
  const baselines = useBaselines(projectId);
  const [format, setFormat] = useState<ExportFormat>(DEFAULT_EXPORT_FORMAT);
  const [options, setOptions] = useState<ExportOptions>(DEFAULT_OPTIONS);
  const submitButton = useRef<HTMLButtonElement>(null);
  // A Pro format on a Free team: the product's upgrade prompt in place of the format's notes, and no request.
  const upgrade: PaymentRequired | null =
    format !== 'mspdi'
      ? null
      : team?.effectivePlan === 'free'
        ? { message: MSPDI_EXPORT_NEEDS_PRO, requiredPlan: 'pro', teamOwnerId: team.ownerId, requiresUpgrade: true }
        : refused;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (exporting || upgrade) return;
    // Enter in a radio button also submits; the choices are disabled next, so focus waits on the button.
    submitButton.current?.focus();
    onExport(format, options);
  };

  return (
    <form onSubmit={onSubmit} aria-busy={exporting} className="space-y-5">
      <fieldset disabled={exporting} className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">Format</legend>
        {FORMAT_CHOICES.map(({ value, label, detail, icon: Icon, available, pro }) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 transition-colors hover:bg-slate-50 has-checked:border-blue-600 has-checked:bg-blue-50 has-focus-visible:ring-2 has-focus-visible:ring-blue-600 has-disabled:cursor-not-allowed"
          >
            <input
              type="radio"
              name={`${id}-format`}
              value={value}
              checked={format === value}
              onChange={() => setFormat(value)}
              className="h-4 w-4 accent-blue-600 focus-visible:outline-none"
            />
            <Icon aria-hidden="true" className={available ? 'h-5 w-5 text-blue-600' : 'h-5 w-5 text-slate-400'} />
            <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-2">
              <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
                {label}
                {pro ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Pro</span> : null}
              </span>
              <span
                className={
                  available
                    ? 'text-xs text-slate-600'
                    : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600'
                }
              >
                {detail}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      {upgrade && user ? (
        <ProFeatureUpgrade payment={upgrade} userId={user.id} teamId={teamId} titleId={`${id}-upgrade`} heading="h3" className="rounded-lg border border-amber-200 bg-amber-50 p-4" />
      ) : format === 'mspdi' ? (
        <p className="text-sm text-slate-600">
          The file holds the tasks with their outline, links, assigned people and the project calendar; MS Project opens it
          with File › Open.
        </p>
      ) : (
        <fieldset disabled={exporting} className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Options</legend>
          {OPTION_CHOICES.map(({ key, label }) => (
            <label key={key} className="flex cursor-pointer items-center gap-3 text-sm text-slate-800 has-disabled:cursor-not-allowed">
              <input
                type="checkbox"
                checked={options[key]}
                onChange={(event) => setOptions((current) => ({ ...current, [key]: event.target.checked }))}
                className="h-4 w-4 rounded accent-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 focus-visible:outline-none"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}

      {/* [export-baseline] A saved baseline's dates beside the current ones (Excel columns, PDF table and timeline). */}
      <div className="space-y-2">
        <label htmlFor={`${id}-baseline`} className="block text-sm font-medium text-slate-700">
          Include baseline
        </label>
        <Select
          value={options.baselineId ?? NO_BASELINE}
          onValueChange={(value) => setOptions((current) => ({ ...current, baselineId: value === NO_BASELINE ? null : value }))}
          disabled={exporting}
        >
          <SelectTrigger id={`${id}-baseline`} data-export-baseline className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_BASELINE}>None</SelectItem>
            {(baselines.data ?? []).map((b) => (
              <SelectItem key={b.id} value={b.id}>
                {b.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {/* The failure is announced by its toast; the line repeats it for whoever looks back at the dialog. */}
      <div className="min-h-5 text-sm">
        <p role="status" className="text-slate-600">
          {exporting ? 'Preparing your file. Please keep this window open.' : null}
        </p>
        {!exporting && failed ? <p className="text-red-600">{EXPORT_FAILED_TEXT}</p> : null}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={exporting}>
          Cancel
        </Button>
        {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog. */}
        <button
          ref={submitButton}
          type="submit"
          aria-disabled={exporting || !!upgrade || undefined}
          className={buttonClasses('primary', 'md', 'aria-disabled:cursor-wait aria-disabled:opacity-60')}
        >
          {exporting ? (
            <>
              <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
              Exporting…
            </>
          ) : (
              'Export'
          )}
        </button>
      </div>
    </form>
  );
}
