import { AlertCircle, ArrowLeft, Landmark } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ShopperOrderStatus } from "#server/flows/payment-page/schemas.ts";
import { focusRing } from "#app/components/catalog/ProductCard.tsx";
import { MbwayCountdown } from "#app/components/payment/MbwayCountdown.tsx";
import { PaymentInstructions } from "#app/components/payment/PaymentInstructions.tsx";
import { useOrderPaymentStatus } from "#app/components/payment/useOrderPaymentStatus.ts";
import { apiPost, messageFrom } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.tsx";
import {
  clearCheckoutResult,
  readStoredOrderId,
  readStoredPayment,
  useHydrated,
  writeStoredPayment,
} from "#app/lib/storage.ts";
import type { Route } from "./+types/pagamento";
import { shopNameIn } from "#app/lib/shop.ts";

/**
 * Payment instructions /pagamento: shown at once from localStorage `pagamento` (after hydration; the stored
 * checkout data is removed when leaving the page), then followed on the server (useOrderPaymentStatus): the
 * current payment's data, the MB WAY countdown, 'Pagar por Multibanco' when MB WAY fails or expires, and
 * /PagamentoConcluido once paid. `?encomenda=ID` opens an order without stored data.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Pagamento | ${shopNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

interface Payment {
  metodo: "mbway" | "MB" | "payshop";
  entidade: string | null;
  referencia: string | null;
  valor: number | null;
  telefone: string | null;
  validade: string | null;
  orderId: string | null;
}

const text = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : null;

function toPayment(raw: unknown, storedOrderId: string | null): Payment | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const m = typeof r.metodo === "string" ? r.metodo.trim().toLowerCase() : "";
  const metodo = m === "mbway" ? "mbway" : m === "mb" || m === "multibanco" ? "MB" : m === "payshop" ? "payshop" : null;
  if (!metodo) return null;
  const valor = typeof r.valor === "number" ? r.valor : typeof r.valor === "string" ? Number(r.valor) : NaN;
  return {
    metodo,
    entidade: text(r.entidade),
    referencia: text(r.referencia),
    valor: Number.isFinite(valor) ? valor : null,
    telefone: text(r.telefone),
    validade: text(r.validade),
    orderId: text(r.orderId) ?? text(r.order_id) ?? text(r.OrderId) ?? text(storedOrderId),
  };
}

const confirmationRequested = new Set<string>();

/**
 * The page asks for the confirmation e-mail once per visit. The server sends it only
 * for a paid order and at most once (the paid callback already queued it), so an unpaid order's
 * refusal ('Apenas pagamentos confirmados podem ser notificados.') is only logged.
 */
function requestConfirmationOnce(orderId: string) {
  if (confirmationRequested.has(orderId)) return;
  confirmationRequested.add(orderId);
  apiPost("/api/email/send-order-confirmation", { order_id: Number(orderId) })
    .then((res) => {
      if (!res.ok) console.info("Confirmação da encomenda:", messageFrom(res.data) ?? res.status);
    })
    .catch((error: unknown) => console.info("Confirmação da encomenda não pedida:", error));
}

export default function Pagamento() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // The stored payment, read once the browser's storage is readable (undefined until then). It stays in state:
  // leaving the page clears the storage, and React's StrictMode rehearses that right after mounting.
  const [stored, setStored] = useState<{ payment: Payment | null }>();
  if (hydrated && stored === undefined) setStored({ payment: toPayment(readStoredPayment(), readStoredOrderId()) });
  // ?encomenda=ID (a link from the account or an e-mail) names the order; else the checkout's stored one.
  const asked = params.get("encomenda");
  const storedPayment = stored?.payment && (!asked || stored.payment.orderId === asked) ? stored.payment : null;
  const orderId = asked ?? stored?.payment?.orderId ?? null;
  const read = stored !== undefined;
  const { state: follow, payByMultibanco } = useOrderPaymentStatus(read ? orderId : null);
  const navigate = useNavigate();

  useEffect(() => {
    if (orderId) requestConfirmationOnce(orderId);
  }, [orderId]);

  // The stored checkout data is removed when the shopper leaves the page (or the tab goes away).
  useEffect(() => {
    if (!read) return;
    const onPageHide = () => clearCheckoutResult();
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      clearCheckoutResult();
    };
  }, [read]);

  // The stored `pagamento` of this checkout follows the order's current payment: after 'Pagar por Multibanco' it
  // holds the new reference, not the failed MB WAY request (issue 18, defect 4). Left alone once cleared (the
  // shopper left the page) and for another order (?encomenda=).
  const current = follow.phase === "known" ? follow.order.pagamento : null;
  useEffect(() => {
    if (!current || readStoredOrderId() !== String(current.order_id)) return;
    const kept = readStoredPayment() as Partial<typeof current> | null;
    if (kept?.metodo !== current.metodo || kept.referencia !== current.referencia) writeStoredPayment(current);
  }, [current]);

  const paid = follow.phase === "known" && follow.order.pago;
  useEffect(() => {
    if (paid) void navigate("/PagamentoConcluido", { replace: true });
  }, [paid, navigate]);

  const waitingForServer = Boolean(orderId) && !storedPayment && follow.phase === "waiting";
  if (!read || waitingForServer || paid) {
    return (
      <Shell>
        <div className="animate-pulse space-y-4" aria-busy="true">
          <div className="h-8 w-2/3 rounded bg-gray-200" />
          <div className="h-40 rounded-2xl bg-gray-100" />
        </div>
      </Shell>
    );
  }
  const order = follow.phase === "known" ? follow.order : null;
  const payment: Payment | null = order?.pagamento ? { ...order.pagamento, orderId } : storedPayment;
  if (!payment) {
    return (
      <Shell>
        <div
          role="alert"
          className="flex flex-col items-center rounded-2xl border border-red-200 bg-red-50 p-8 text-center"
        >
          <AlertCircle className="size-10 text-red-600" aria-hidden="true" />
          <h1 className="mt-4 text-lg font-semibold text-red-800">Erro: dados de pagamento não encontrados.</h1>
          <BackLink />
        </div>
      </Shell>
    );
  }
  return (
    <Instructions
      payment={payment}
      order={order}
      skewMs={follow.phase === "known" ? follow.skewMs : 0}
      payByMultibanco={payByMultibanco}
    />
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 lg:py-16">{children}</div>;
}

function BackLink() {
  return (
    <Link
      to="/"
      className={`${focusRing} mt-8 inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700`}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Voltar à loja
    </Link>
  );
}

function Instructions({
  payment,
  order,
  skewMs,
  payByMultibanco,
}: {
  payment: Payment;
  order: ShopperOrderStatus | null;
  skewMs: number;
  payByMultibanco: () => Promise<string | null>;
}) {
  const closed = order?.estado === "expired" || order?.estado === "cancelled";
  const mbwayWaiting = payment.metodo === "mbway" && !closed && !order?.pode_pagar_multibanco;
  return (
    <Shell>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Pagamento</h1>
      {payment.orderId ? (
        <p className="mt-2 text-sm text-gray-600">
          Encomenda n.º <span className="font-semibold text-gray-900">{payment.orderId}</span>
        </p>
      ) : null}

      {closed ? (
        <div role="alert" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-900">
          <p className="font-semibold">
            {order?.estado === "expired"
              ? "O prazo de pagamento terminou e a encomenda foi anulada."
              : "Esta encomenda foi cancelada."}
          </p>
          <p className="mt-1">Nenhum valor foi cobrado. Se ainda quiser os artigos, faça uma nova encomenda.</p>
        </div>
      ) : (
        <>
          {order?.pode_pagar_multibanco ? <SwitchToMultibanco order={order} onSwitch={payByMultibanco} /> : null}
          <div className="mt-6">
            <PaymentInstructions
              payment={payment}
              mbwayEnded={payment.metodo === "mbway" && Boolean(order?.pode_pagar_multibanco)}
            >
              {mbwayWaiting && order?.pagamento ? (
                <MbwayCountdown expiresAt={order.pagamento.expira_em} skewMs={skewMs} />
              ) : null}
            </PaymentInstructions>
          </div>
          <p className="mt-6 text-sm leading-6 text-gray-700" aria-live="polite">
            {order
              ? "Esta página atualiza-se sozinha: assim que o pagamento for confirmado, segue para a confirmação."
              : "A sua encomenda será processada automaticamente após a confirmação do pagamento."}
          </p>
        </>
      )}
      {payment.orderId ? (
        <p className="mt-1 text-sm text-gray-700">
          Número da encomenda: <span className="font-semibold">{payment.orderId}</span>
        </p>
      ) : null}
      <BackLink />
    </Shell>
  );
}

/** The MB WAY request failed or ran out: the same order can be paid by Multibanco (stock stays reserved). */
function SwitchToMultibanco({
  order,
  onSwitch,
}: {
  order: ShopperOrderStatus;
  onSwitch: () => Promise<string | null>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const declined = order.pagamento_estado === "failed";
  return (
    <section
      aria-labelledby="mbway-over"
      className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
    >
      <h2 id="mbway-over" className="text-base font-semibold">
        {declined ? "O pagamento MB WAY não foi concluído." : "O pedido MB WAY expirou."}
      </h2>
      <p className="mt-1">Pode pagar esta mesma encomenda por Multibanco: os artigos continuam reservados para si.</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          void onSwitch().then((problem) => {
            setBusy(false);
            setError(problem);
            if (!problem) toast.success("Referência Multibanco criada. Enviámos também os dados por e-mail.");
          });
        }}
        className={`${focusRing} mt-4 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-gray-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-gray-700 disabled:opacity-60 sm:w-auto`}
      >
        <Landmark className="size-4" aria-hidden="true" />
        {busy ? "A criar a referência…" : "Pagar por Multibanco"}
      </button>
      {error ? (
        <p role="alert" className="mt-3 font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
