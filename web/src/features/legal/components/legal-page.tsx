import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { LegalBlock, LegalDocument } from '../legal-document';
import { usePageTitle } from '../use-page-title';
import { Breadcrumb } from './breadcrumb';

interface LegalPageProps {
  document: LegalDocument;
  /** The other legal page and the help centre, linked at the end. */
  related: readonly { to: string; label: string }[];
}

/** A legal document with its date, a table of contents and numbered sections. */
export function LegalPage({ document, related }: LegalPageProps) {
  const { hash } = useLocation();

  // The page is a lazy chunk: a link straight to /privacy-policy#cookies arrives before the section exists.
  useEffect(() => {
    if (hash) window.document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  usePageTitle(document.title);

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <Breadcrumb current={document.title} />
      <header className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated {document.lastUpdated}</p>
        <p className="mt-4 text-base leading-7 text-slate-700">{document.intro}</p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="toc-heading" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Contents
          </h2>
          <ol className="mt-3 space-y-1 border-l border-slate-200 text-sm">
            {document.sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l-2 border-transparent py-1 pl-3 text-slate-600 hover:border-slate-400 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="max-w-3xl space-y-10">
          {document.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-4 text-base leading-7 text-slate-700">
                {section.blocks.map((block, i) => (
                  <Block key={i} block={block} />
                ))}
              </div>
            </section>
          ))}

          <footer className="border-t border-slate-200 pt-6 text-sm text-slate-600">
            <p>See also:</p>
            <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {related.map(({ to, label }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="font-medium text-blue-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </footer>
        </article>
      </div>
    </main>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-slate-400">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
