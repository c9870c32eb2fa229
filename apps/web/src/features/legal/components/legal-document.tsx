import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** A plain, readable legal page: title, date, introduction and numbered sections. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <article className="flex flex-col gap-8">
        <header className="flex flex-col gap-3 border-b border-slate-200 pb-8 dark:border-slate-800">
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">Last updated: {updated}</p>
          <p className="leading-relaxed text-slate-700 dark:text-slate-300">{intro}</p>
        </header>
        {sections.map((section, index) => (
          <section key={section.heading} className="flex flex-col gap-3">
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
              {index + 1}. {section.heading}
            </h2>
            <div className="flex flex-col gap-3 leading-relaxed text-slate-700 dark:text-slate-300 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1.5">
              {section.body}
            </div>
          </section>
        ))}
      </article>
    </main>
  );
}
