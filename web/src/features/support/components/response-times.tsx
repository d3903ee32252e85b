import { Clock } from 'lucide-react';
import { RESPONSE_TARGET_HOURS } from '../support-ticket';

const ROWS = [
  { priority: 'Urgent', target: 'Handled first', note: 'Outages, or a team that cannot work' },
  { priority: 'High', target: `${RESPONSE_TARGET_HOURS.high} hours`, note: 'A feature is broken for you' },
  { priority: 'Medium', target: `${RESPONSE_TARGET_HOURS.medium} hours`, note: 'Questions and most problems' },
  { priority: 'Low', target: `${RESPONSE_TARGET_HOURS.low} hours`, note: 'Ideas and general feedback' },
] as const;

/** [help-response-times] PRODUCT-SPEC §9: High 4 h, Medium 24 h, Low 48 h; urgent tickets go first. */
export function ResponseTimes() {
  return (
    <section aria-labelledby="response-times-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="response-times-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Clock aria-hidden="true" className="h-5 w-5 text-blue-600" />
        Response times
      </h2>
      <p className="mt-1 text-sm text-slate-600">How soon we aim to send a first reply, by the priority you choose.</p>
      <table className="mt-4 w-full text-left text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Priority</th>
            <th scope="col">First reply</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {ROWS.map(({ priority, target, note }) => (
            <tr key={priority}>
              <th scope="row" className="py-2.5 pr-3 align-top font-medium text-slate-900">
                {priority}
                <span className="block text-xs font-normal text-slate-500">{note}</span>
              </th>
              <td className="py-2.5 text-right align-top font-semibold whitespace-nowrap text-slate-900">{target}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
