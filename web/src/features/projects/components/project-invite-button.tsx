import type { Project } from '@planline/domain';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { InviteLinkField } from '../../teams';
import { useRegenerateProjectInviteLink } from '../projects.api';
import { useProjectInviteLink } from '../projects.queries';
import { ProjectGuestsList } from './project-guests-list';

/**
 * The header's project-invite control, for the team's owner and admins: the project's invite link (copy or
 * regenerate) and the guests who joined through it, whom they may remove.
 */
export function ProjectInviteButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="h-9">
          <Link2 aria-hidden="true" className="h-4 w-4" />
          Invite to project
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Invite to Project"
        description={`Anyone with this link can join ${project.name} (${project.projectCode}).`}
      >
        {open ? (
          <div className="space-y-6">
            <InviteLink project={project} />
            <section aria-labelledby="project-guests-heading" className="space-y-2">
              <h3 id="project-guests-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                Guests
              </h3>
              <ProjectGuestsList project={project} />
            </section>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteLink({ project }: { project: Project }) {
  const link = useProjectInviteLink(project.id, true);
  const regenerate = useRegenerateProjectInviteLink(project.id);
  return (
    <InviteLinkField
      id="project-invite-link"
      label="Project Invite Link"
      copiedDescription="Send it to the people you want on this project."
      link={link}
      regenerate={regenerate}
      joins={project.name}
    />
  );
}
