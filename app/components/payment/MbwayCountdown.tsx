import { Timer } from "lucide-react";
import { useEffect, useState } from "react";

/** The MB WAY request's window, for the bar's full width. */
const WINDOW_MS = 4 * 60_000;

/** Milliseconds left until `expiresAt` on the server's clock (skewMs: server minus device), never negative. */
export function msLeft(expiresAt: string, skewMs: number, now = Date.now()): number {
  const end = Date.parse(expiresAt);
  return Number.isFinite(end) ? Math.max(0, end - (now + skewMs)) : 0;
}

/** "3:07" */
export function formatMinutes(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The 4 minutes the shopper has to accept the MB WAY request, counted down from the payment's `expira_em`
 * (on the server's clock). Calls `onEnd` once when the time is up.
 */
export function MbwayCountdown({
  expiresAt,
  skewMs,
  onEnd,
}: {
  expiresAt: string;
  skewMs: number;
  onEnd?: () => void;
}) {
  const [left, setLeft] = useState(() => msLeft(expiresAt, skewMs));
  useEffect(() => {
    const update = () => setLeft(msLeft(expiresAt, skewMs));
    update();
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, skewMs]);
  const over = left === 0;
  useEffect(() => {
    if (over) onEnd?.();
  }, [over, onEnd]);

  if (over) {
    return (
      <p className="mt-4 flex items-center gap-2 text-sm font-medium text-gray-700">
        <Timer className="size-4 shrink-0 text-gray-500" aria-hidden="true" />O prazo de 4 minutos para aceitar o pedido
        terminou.
      </p>
    );
  }
  const share = Math.min(1, left / WINDOW_MS);
  return (
    <div className="mt-4">
      <p className="flex items-center gap-2 text-sm text-gray-700">
        <Timer className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span>
          Tempo para aceitar na app:{" "}
          <span role="timer" aria-label="Tempo restante" className="font-mono font-semibold text-gray-900 tabular-nums">
            {formatMinutes(left)}
          </span>
        </span>
      </p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-1000"
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}
