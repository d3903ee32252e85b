import { RANGE_KINDS, RANGE_LABELS, type RangeKind } from '@planline/domain';
import { Maximize2, Redo2, Route, SlidersHorizontal, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { useDisclosure } from '../../../lib/use-disclosure';
import { usePhoneLayout } from '../../../lib/use-media-query';

interface TimelineToolbarProps {
  /** The range button shown pressed; null while Fit is on. */
  rangeKind: RangeKind | null;
  onRange: (kind: RangeKind) => void;
  canZoomIn: boolean;
  canZoomOut: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  fitActive: boolean;
  canFit: boolean;
  onToday: () => void;
  /** Whether the critical path is highlighted. */
  criticalPath: boolean;
  onCriticalPath: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  /** The baseline select and its Late only filter (baseline-control.tsx). */
  baseline?: ReactNode;
  /** The History button of the plan's time travel (time-travel-control.tsx). */
  history?: ReactNode;
  /** Indent and Outdent of the task row last focused (outline-actions.tsx). */
  outline?: ReactNode;
  /** "Resolve over-allocation" (leveling-dialog.tsx), for people who may edit a team's project. */
  leveling?: ReactNode;
  /** The task list's Columns menu (grid-columns-menu.tsx). */
  columns?: ReactNode;
  /** Find over the task names: its button, or its field while open (task-find.tsx). */
  find?: ReactNode;
  /** The grid view's Filter, Sort, Group by and Views, with the filter's count (grid-view-controls.tsx). */
  views?: ReactNode;
  /** A tool that "More" keeps out of sight on a phone is on: Fit, the critical path, a baseline, history. */
  moreInUse?: boolean;
}

function IconButton({ label, hint, onClick, disabled, children }: { label: string; hint: string; onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <Tooltip content={hint}>
      {/* aria-disabled keeps a disabled button focusable, so its tooltip still explains it. */}
      <button
        type="button"
        aria-label={label}
        aria-disabled={disabled || undefined}
        onClick={disabled ? undefined : onClick}
        className={cn(
          'inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 shadow-sm',
          'hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2',
          disabled && 'cursor-not-allowed opacity-50 hover:bg-white',
        )}
      >
        {children}
      </button>
    </Tooltip>
  );
}

/**
 * Find, range, zoom, Fit, Today, the critical path, the task list's columns, indent and outdent, the baseline, history, and undo/redo of one's
 * own edits. On a phone the everyday ones (range, zoom, Today, undo/redo) stay in sight and "More" opens the rest
 * below them, so the
 * toolbar takes two lines rather than six.
 */
export function TimelineToolbar(props: TimelineToolbarProps) {
  const phone = usePhoneLayout();
  const more = useDisclosure();
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  const mod = isMac ? '⌘' : 'Ctrl+';
  const range = (
    <div role="group" aria-label="Timeline range" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-sm">
      {RANGE_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          aria-pressed={props.rangeKind === kind}
          onClick={() => props.onRange(kind)}
          className={cn(
            'h-7 cursor-pointer rounded px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
            props.rangeKind === kind ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {RANGE_LABELS[kind]}
        </button>
      ))}
    </div>
  );
  const zoom = (
    <div className="flex items-center gap-1">
      <IconButton label="Zoom out" hint="Zoom out" onClick={props.onZoomOut} disabled={!props.canZoomOut}>
        <ZoomOut aria-hidden="true" className="h-4 w-4" />
      </IconButton>
      <IconButton label="Zoom in" hint="Zoom in" onClick={props.onZoomIn} disabled={!props.canZoomIn}>
        <ZoomIn aria-hidden="true" className="h-4 w-4" />
      </IconButton>
    </div>
  );
  const fit = (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={props.fitActive}
      aria-disabled={!props.canFit || undefined}
      onClick={props.canFit ? props.onFit : undefined}
      className={cn('aria-pressed:border-blue-600 aria-pressed:text-blue-700', !props.canFit && 'cursor-not-allowed opacity-50')}
    >
      <Maximize2 aria-hidden="true" className="h-3.5 w-3.5" />
      Fit
    </Button>
  );
  const today = (
    <Button variant="outline" size="sm" onClick={props.onToday}>
      Today
    </Button>
  );
  const criticalPath = (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={props.criticalPath}
      onClick={props.onCriticalPath}
      // By the attribute: its selector outweighs the outline look's own colours (cn does not merge classes).
      className="aria-pressed:border-fuchsia-700 aria-pressed:bg-fuchsia-50 aria-pressed:text-fuchsia-800 aria-pressed:hover:bg-fuchsia-100"
    >
      <Route aria-hidden="true" className="h-3.5 w-3.5" />
      Critical path
    </Button>
  );
  const undoRedo = (
    <div className="flex items-center gap-1">
      <IconButton label="Undo" hint={`Undo your last change (${mod}Z)`} onClick={props.onUndo} disabled={!props.canUndo}>
        <Undo2 aria-hidden="true" className="h-4 w-4" />
      </IconButton>
      <IconButton label="Redo" hint={`Redo (${mod}${isMac ? '⇧Z' : 'Shift+Z'})`} onClick={props.onRedo} disabled={!props.canRedo}>
        <Redo2 aria-hidden="true" className="h-4 w-4" />
      </IconButton>
    </div>
  );

  if (phone) {
    return (
      <div className="flex w-full flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {props.find}
          {props.views}
          {range}
          {zoom}
          {today}
          {undoRedo}
          <Button variant="outline" size="sm" {...more.toggle} aria-label="More chart tools" className="aria-expanded:border-blue-600 aria-expanded:text-blue-700">
            <SlidersHorizontal aria-hidden="true" className="h-3.5 w-3.5" />
            More
            {/* Something in there is on (and changes what the chart shows) while it is closed. */}
            {props.moreInUse && !more.open ? <span aria-hidden="true" className="h-2 w-2 rounded-full bg-blue-600" /> : null}
          </Button>
        </div>
        <div {...more.panel} className="flex flex-wrap items-center gap-2">
          {fit}
          {criticalPath}
          {props.columns}
          {props.outline}
          {props.baseline}
          {props.history}
          {props.leveling}
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {props.find}
      {props.views}
      {range}
      {zoom}
      {fit}
      {today}
      {criticalPath}
      {props.columns}
      {props.outline}
      {props.baseline}
      {props.history}
      {props.leveling}
      {undoRedo}
    </div>
  );
}
