/**
 * 'Pedidos por Dia' line chart (recharts). Loaded lazily and only in the browser: recharts
 * measures the DOM, so the page renders a box of the same height on the server and meanwhile.
 */
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { OrdersPerDay } from "#server/modules/orders/admin/schemas.ts";

/** 'YYYY-MM-DD' → '23/11' (read as a calendar day, never shifted by the time zone). */
function shortDay(dia: string): string {
  const [, month, day] = dia.split("-");
  return day && month ? `${day}/${month}` : dia;
}

/** 'YYYY-MM-DD' → '23/11/2025': a calendar day as it is, not an instant (nothing to convert to Lisbon time). */
function longDay(dia: string): string {
  const [year, month, day] = dia.split("-").map(Number);
  if (!year || !month || !day) return dia;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString("pt-PT", { timeZone: "UTC" });
}

export default function OrdersChart({ data }: { data: OrdersPerDay }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
        <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" />
        <XAxis
          dataKey="dia"
          tickFormatter={shortDay}
          tick={{ fill: "#374151", fontSize: 12 }}
          interval="preserveStartEnd"
          minTickGap={16}
        />
        <YAxis allowDecimals={false} width={36} tick={{ fill: "#374151", fontSize: 12 }} />
        <Tooltip labelFormatter={(label) => longDay(String(label))} formatter={(value) => [value, "Pedidos"]} />
        <Line
          type="linear"
          dataKey="total_pedidos"
          name="Pedidos"
          stroke="#a8360a"
          strokeWidth={2}
          dot={data.length <= 31 ? { r: 3 } : false}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
