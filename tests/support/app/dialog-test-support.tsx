import { fireEvent, render, screen, within } from "@testing-library/react";
import { vi } from "vitest";
import { DeliveryDialog } from "#app/components/checkout/DeliveryDialog.tsx";

/* Shared by the delivery dialog's component tests (delivery-form.test.tsx, billing-fields.test.tsx). */

/**
 * The delivery dialog rendered open with no order in flight (these props on top): the confirmation spy, the dialog,
 * a field by its label and a click on 'Confirmar encomenda'.
 */
export function renderDeliveryDialog(props: Partial<Parameters<typeof DeliveryDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  render(
    <DeliveryDialog
      open
      onOpenChange={() => {}}
      sending={false}
      serverError={null}
      initial={null}
      repriced={null}
      onConfirm={onConfirm}
      {...props}
    />,
  );
  const dialog = screen.getByRole("dialog", { name: "Dados de entrega" });
  const field = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
  const confirm = () => fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar encomenda" }));
  return { onConfirm, dialog, field, confirm };
}
