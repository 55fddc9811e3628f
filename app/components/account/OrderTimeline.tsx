import { Check } from "lucide-react";
import type { MyOrderStep } from "#server/modules/orders/shopper/schemas.ts";
import { formatOrderDateTime } from "./OrderParts.tsx";

/** The order's steps, oldest first, as an ordered list with dates in Lisbon time (/conta/encomendas/:id). */
export function OrderTimeline({ steps }: { steps: MyOrderStep[] }) {
  return (
    <ol className="mt-4">
      {steps.map((step, i) => {
        const last = i === steps.length - 1;
        return (
          <li key={`${step.at}-${i}`} className="relative flex gap-3 pb-5 last:pb-0">
            {last ? null : <span aria-hidden="true" className="absolute top-7 bottom-0 left-3.5 w-px bg-gray-200" />}
            <span
              aria-hidden="true"
              className={`relative grid size-7 shrink-0 place-items-center rounded-full ${
                last ? "bg-brand-500 text-white" : "bg-gray-100 text-gray-600"
              }`}
            >
              <Check className="size-4" />
            </span>
            <div className="min-w-0 pt-0.5">
              <p className={`text-sm font-semibold ${last ? "text-gray-900" : "text-gray-800"}`}>{step.title}</p>
              <p className="text-sm text-gray-600">
                <time dateTime={step.at}>{formatOrderDateTime(step.at)}</time>
              </p>
              {step.detail ? <p className="mt-1 text-sm break-words text-gray-700">{step.detail}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
