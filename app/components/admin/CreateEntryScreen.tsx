import type { LucideIcon } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { SubmitButton } from "./dashboard/fields.tsx";
import { ExistingItemsPanel } from "./ExistingItemsPanel.tsx";
import { PageHeader, Panel } from "./ui.tsx";

/**
 * The screen that creates one kind of catalogue entry (a colour, a size): the page's header, the creation form with
 * the route's fields (`children`) and its submit button, and under it the entries that already exist.
 */
export function CreateEntryScreen<T extends { id: number }>({
  title,
  description,
  onSubmit,
  submit,
  children,
  existing,
}: {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submit: { icon: LucideIcon; busy: boolean; label: string };
  children: ReactNode;
  existing: Parameters<typeof ExistingItemsPanel<T>>[0];
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={title} description={description} />
      <Panel>
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
          {children}
          <SubmitButton icon={submit.icon} busy={submit.busy}>
            {submit.label}
          </SubmitButton>
        </form>
      </Panel>
      <ExistingItemsPanel {...existing} />
    </div>
  );
}
