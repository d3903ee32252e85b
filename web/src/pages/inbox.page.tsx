import { Inbox } from '../features/notifications';

/** /inbox: the person's notifications (issue 38), under the top navigation. */
export function InboxPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Inbox />
    </main>
  );
}
