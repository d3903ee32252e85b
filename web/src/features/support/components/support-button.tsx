import { MessageCircleQuestion } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { SupportForm } from './support-form';

/** The floating bottom-right button of the landing page and its Contact Support dialog. */
export function SupportButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        aria-label="Contact Support"
        className="fixed right-6 bottom-6 z-30 inline-flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-blue-600 text-white shadow-lg transition-colors hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
      >
        <MessageCircleQuestion aria-hidden="true" className="h-6 w-6" />
      </DialogTrigger>
      <DialogContent title="Contact Support" description="Tell us what you need and we'll get back to you.">
        <SupportForm onSent={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
