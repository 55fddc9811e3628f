import type { ReactNode } from "react";
import { ContentPage, ContentSection, focusRing } from "./ContentPage.tsx";

export interface LegalSection {
  /** Fragment id (kebab-case, pt-PT): the table of contents links to `#id`. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalPageProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  eyebrow?: string;
}

/**
 * Layout of the legal / customer-service pages: title, "Última atualização", intro,
 * a numbered table of contents and one h2 section per entry.
 */
export function LegalPage({ title, intro, sections, eyebrow = "Apoio ao Cliente" }: LegalPageProps) {
  return (
    <ContentPage eyebrow={eyebrow} title={title} updated intro={intro}>
      <nav aria-labelledby="indice-titulo" className="mt-8 rounded-xl border border-gray-200 bg-gray-50 p-5 sm:p-6">
        <h2 id="indice-titulo" className="text-sm font-semibold tracking-wide text-gray-900 uppercase">
          Nesta página
        </h2>
        <ol className="mt-3 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id} className="flex gap-2">
              <span className="w-5 shrink-0 text-right text-gray-400 tabular-nums" aria-hidden="true">
                {index + 1}.
              </span>
              <a
                href={`#${section.id}`}
                className={`${focusRing} rounded-sm text-gray-700 hover:text-brand-600 hover:underline`}
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <ContentSection key={section.id} id={section.id} title={`${index + 1}. ${section.title}`}>
          {section.content}
        </ContentSection>
      ))}
    </ContentPage>
  );
}
