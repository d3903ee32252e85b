import { FolderPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** A team without projects (PRODUCT-SPEC §2): say so and offer the new-project dialog. */
export function NoProjectsCard({ teamName, onCreate }: { teamName: string; onCreate: () => void }) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <div className="p-8 text-center">
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">
          <FolderPlus aria-hidden="true" className="h-6 w-6" />
        </span>
        <h2 className="mt-4 text-xl font-semibold text-slate-900">No projects found</h2>
        <p className="mt-2 text-sm text-slate-600">
          {teamName} has no projects yet. Create the first one to start planning.
        </p>
        <Button className="mt-6" onClick={onCreate}>
          Create New Project
        </Button>
      </div>
    </Card>
  );
}
