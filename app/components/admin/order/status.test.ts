import { expect, it } from "vitest";
import { ORDER_STATUS_LABELS } from "#server/modules/orders/timeline.ts";
import { ORDER_STATUS_TEXT } from "./status.tsx";

it("the admin order page names every status as the server does", () => {
  expect(Object.fromEntries(Object.entries(ORDER_STATUS_TEXT).map(([k, v]) => [k, v.label]))).toEqual(
    ORDER_STATUS_LABELS,
  );
});
