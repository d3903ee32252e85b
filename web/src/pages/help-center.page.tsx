import { Link } from 'react-router';
import { Breadcrumb, usePageTitle } from '../features/legal';
import { HelpTopics, ResponseTimes, SupportTicketForm } from '../features/support';

const linkClasses =
  'font-medium text-blue-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

/** /help-center, signed in or out: quick help, response times and a support ticket (PRODUCT-SPEC §2). */
export function HelpCenterPage() {
  usePageTitle('Help Center');
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <Breadcrumb current="Help Center" />
      <header className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Help Center</h1>
        <p className="mt-3 text-base leading-7 text-slate-700">
          Quick answers to common questions, and a way to reach our support team when you need a person.
        </p>
      </header>

      <section aria-labelledby="quick-help-heading" className="mt-10">
        <h2 id="quick-help-heading" className="text-xl font-semibold text-slate-900">
          Quick help
        </h2>
        <div className="mt-4">
          <HelpTopics />
        </div>
      </section>

      <div className="mt-12 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section
          aria-labelledby="ticket-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="ticket-heading" className="text-xl font-semibold text-slate-900">
            Submit a support ticket
          </h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">
            Tell us what you need. We reply by e-mail, within 24 hours for most requests.
          </p>
          <SupportTicketForm />
        </section>

        <aside aria-label="Support information" className="space-y-6">
          <ResponseTimes />
          <div className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-600 shadow-sm">
            <h2 className="text-base font-semibold text-slate-900">Policies</h2>
            <ul className="mt-2 space-y-1.5">
              <li>
                <Link to="/privacy-policy" className={linkClasses}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to="/terms-of-service" className={linkClasses}>
                  Terms of Service
                </Link>
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </main>
  );
}
