import { ExternalLink as ExternalLinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * Building blocks of the static content pages (Sobre Nós, Contacto, legal pages).
 * No typography plugin is installed, so `proseClass` styles the usual text elements
 * (paragraphs, lists, links, strong, h3) of a block from the outside.
 */

/** The date shown as "Última atualização" on the legal pages. */
export const LAST_UPDATED = { text: "22 de novembro de 2026", iso: "2026-11-22" } as const;

/** Keyboard focus outline (no border radius: callers pick their own). */
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export const proseClass = [
  "space-y-4 text-base leading-7 text-gray-700",
  "[&_strong]:font-semibold [&_strong]:text-gray-900",
  // Plain text lists only (direct children without a class): lists styled as cards keep their own look.
  "[&>ul:not([class])]:list-disc [&>ul:not([class])]:space-y-2 [&>ul:not([class])]:pl-5",
  "[&>ol:not([class])]:list-decimal [&>ol:not([class])]:space-y-2 [&>ol:not([class])]:pl-5",
  "[&>ol:not([class])>li]:pl-1 [&>ol:not([class])>li]:marker:text-gray-500",
  "[&>ul:not([class])>li]:pl-1 [&>ul:not([class])>li]:marker:text-gray-400",
  "[&_h3]:pt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-gray-900",
  "[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-gray-900",
].join(" ");

const linkClass = `${focusRing} rounded-sm font-medium text-brand-600 underline decoration-brand-600/40 underline-offset-2 hover:text-brand-700 hover:decoration-brand-700 [overflow-wrap:anywhere]`;

/** A link to another page of the shop, styled for running text. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

/** A link to another site: opens in a new tab, without giving it access to this page. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
      {/* The word joiner keeps the icon on the same line as the link text. */}
      <span className="whitespace-nowrap">
        {"\u2060"}
        <ExternalLinkIcon className="ml-0.5 inline size-3.5 align-[-0.125em]" aria-hidden="true" />
      </span>
      <span className="sr-only"> (abre numa nova janela)</span>
    </a>
  );
}

/** An e-mail address as a mailto link. */
export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={linkClass}>
      {address}
    </a>
  );
}

/** The "Última atualização: …" line of the legal pages. */
export function LastUpdated({ text = LAST_UPDATED.text, iso = LAST_UPDATED.iso }: { text?: string; iso?: string }) {
  return (
    <p className="mt-3 text-sm text-gray-500">
      Última atualização: <time dateTime={iso}>{text}</time>
    </p>
  );
}

interface ContentPageProps {
  /** Small label above the title ("Apoio ao Cliente", "A nossa história"…). */
  eyebrow?: string;
  title: string;
  /** Shown under the title (legal pages). */
  updated?: boolean;
  intro?: ReactNode;
  children: ReactNode;
}

/** The page frame: a readable single column with the page's only h1. */
export function ContentPage({ eyebrow, title, updated = false, intro, children }: ContentPageProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <header className="border-b border-gray-200 pb-8">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">{title}</h1>
        {updated && <LastUpdated />}
        {intro && <div className="mt-5 text-lg leading-8 text-gray-700">{intro}</div>}
      </header>
      {children}
    </article>
  );
}

/** A titled section (h2). `id` makes it reachable from a table of contents. */
export function ContentSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const headingId = id ? `${id}-titulo` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className="mt-10 scroll-mt-24">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-balance text-gray-900 sm:text-2xl">
        {title}
      </h2>
      <div className={`mt-4 ${proseClass}`}>{children}</div>
    </section>
  );
}
