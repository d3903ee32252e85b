import type { Project } from '@planline/domain';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-error';
import { CopyField } from '../../teams/components/copy-field';
import { useProjectInviteLink } from '../projects.queries';

/** The header's project-invite control: the project's invite link, ready to copy. */
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
        {open ? <InviteLink project={project} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteLink({ project }: { project: Project }) {
  const link = useProjectInviteLink(project.id, true);
  if (link.isPending) return <LoadingBlock label="Creating invite link" />;
  if (link.isError) {
    return (
      <ErrorBlock
        message={serverMessage(link.error) ?? "We couldn't create the invite link."}
        onRetry={() => void link.refetch()}
        retrying={link.isFetching}
      />
    );
  }
  return (
    <CopyField
      id="project-invite-link"
      label="Project Invite Link"
      value={link.data.inviteLink}
      copiedDescription="Send it to the people you want on this project."
    />
  );
}
