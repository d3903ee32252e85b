/** The questions PRODUCT-SPEC §2 has /upgrade answer. */
const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Can I cancel anytime?',
    answer: 'Yes. You can cancel your subscription at any time, and you will not be charged again.',
  },
  {
    question: 'What happens to my data if I downgrade?',
    answer:
      'Your data stays safe: nothing is deleted. Back on the Free plan a team is limited to 3 projects, so new projects beyond that have to wait.',
  },
  {
    question: 'How are payments handled?',
    answer:
      'Payments are handled by our card payment provider. Your card details go straight to them and never reach our servers.',
  },
];

export function UpgradeFaq() {
  return (
    <section aria-labelledby="upgrade-faq-heading" className="mx-auto max-w-3xl">
      <h2 id="upgrade-faq-heading" className="text-xl font-semibold text-slate-900">
        Frequently asked questions
      </h2>
      <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
        {FAQ.map(({ question, answer }) => (
          <div key={question} className="p-5">
            <dt className="font-medium text-slate-900">{question}</dt>
            <dd className="mt-1 text-sm leading-6 text-slate-600">{answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
