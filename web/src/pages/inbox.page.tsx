import { Inbox } from '../features/notifications';
import { useUserProjects } from '../features/projects';

/** /inbox: the person's notifications (issue 38), under the top navigation. */
export function InboxPage() {
  const projects = useUserProjects();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Inbox projects={projects.data ?? []} />
    </main>
  );
}
