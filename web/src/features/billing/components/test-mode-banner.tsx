import { FlaskConical } from 'lucide-react';

/** Says plainly that the local checkout is a stand-in: nothing is charged. */
export function TestModeBanner() {
  return (
    <div role="note" aria-label="Test mode" className="border-b border-amber-300 bg-amber-100 text-amber-900">
      <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-sm sm:px-6">
        <FlaskConical aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span>
          <strong className="font-semibold tracking-wide">TEST MODE</strong> · No real card is charged. This page
          stands in for the card payment provider while payments are not set up.
        </span>
      </p>
    </div>
  );
}
