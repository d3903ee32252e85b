import { displayName } from '@planline/domain';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { Tooltip } from '../../../components/ui/tooltip';
import { useAuth } from '../../auth';
import { presenceInitials, userColor, type PresenceSnapshot } from '../model/presence';
import { useProjectConnection } from '../connection/use-project-connection';

const MAX_SHOWN = 5;
const nobody = createStore<PresenceSnapshot>(() => ({ viewers: [], activities: new Map(), linkDrafts: [] }));

/**
 * Everyone else who has the project open (PRODUCT-SPEC §2 collaboration): initials in their colour, their name
 * on hover and focus. Renders nothing when nobody else is here.
 */
export function PresenceAvatars({ projectId }: { projectId: string }) {
  const connection = useProjectConnection(projectId);
  const { user } = useAuth();
  const viewers = useStore(connection?.presence ?? nobody, (s) => s.viewers);

  // Being in the header means being on the project: say who this is even when the timeline is not shown.
  useEffect(() => {
    if (connection && user) connection.setUser({ id: user.id, name: displayName(user), color: userColor(user.id) });
  }, [connection, user]);

  if (viewers.length === 0) return null;
  const shown = viewers.slice(0, MAX_SHOWN);
  const hidden = viewers.slice(MAX_SHOWN);
  return (
    <ul aria-label="People viewing this project" className="flex items-center -space-x-1.5">
      {shown.map((viewer) => (
        <li key={viewer.id}>
          <Tooltip content={viewer.name} side="bottom">
            <span
              role="img"
              tabIndex={0}
              aria-label={viewer.name}
              className="inline-flex h-8 w-8 items-center justify-center rounded-full text-xs font-semibold text-white ring-2 ring-white focus-visible:outline-none focus-visible:ring-blue-600"
              style={{ backgroundColor: viewer.color }}
            >
              {presenceInitials(viewer.name)}
            </span>
          </Tooltip>
        </li>
      ))}
      {hidden.length > 0 ? (
        <li>
          <Tooltip content={hidden.map((v) => v.name).join(', ')} side="bottom">
            <span
              role="img"
              tabIndex={0}
              aria-label={`${hidden.length} more: ${hidden.map((v) => v.name).join(', ')}`}
              className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 ring-2 ring-white"
            >
              +{hidden.length}
            </span>
          </Tooltip>
        </li>
      ) : null}
    </ul>
  );
}
