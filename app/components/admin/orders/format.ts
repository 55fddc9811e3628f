/** Shapes of the admin orders API (GET /api/orders, /api/orders/{id}, /api/orders/por-tempo). */

export interface OrderLine {
  id: number;
  line_id: number;
  payment_reference: string | null;
  user_id: number;
  cliente_nome: string | null;
  cliente_email: string | null;
  product_id: number;
  product_name: string | null;
  quantity: number;
  created_at: string;
  payment_status: "paid" | "pending" | "failed" | "expired" | null;
  paymentConfirmed: boolean;
  confirmedAt: string | null;
  amount: number;
  metodo_pagamento: "mbway" | "mb" | "payshop";
}

export interface OrderDetail {
  id: number;
  user_id: number;
  cliente_nome: string | null;
  cliente_email: string | null;
  status: string;
  metodo_pagamento: "mbway" | "mb" | "payshop";
  created_at: string;
  paid_at: string | null;
  subtotal: number;
  shipping: number;
  total: number;
  dados_entrega: {
    nome: string;
    morada: string;
    codigo_postal: string;
    cidade: string;
    telefone: string;
    entrega_rapida: boolean;
  };
  payment: {
    status: string;
    entidade: string | null;
    referencia: string | null;
    request_id: string | null;
    telefone: string | null;
    validade: string | null;
    valor: number;
  } | null;
  lines: Array<{
    product_id: number;
    product_name: string;
    color: string | null;
    size: string | null;
    quantity: number;
    unit_price: number;
  }>;
  paymentConfirmed: boolean;
  confirmedAt: string | null;
}

export interface OrdersPerDay {
  dia: string;
  total_pedidos: number;
}

/** 'Maria Silva (ID 7)' or only 'ID 7'. */
export function customerText(line: Pick<OrderLine, "cliente_nome" | "user_id">): string {
  return line.cliente_nome ? `${line.cliente_nome} (ID ${line.user_id})` : `ID ${line.user_id}`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleString("pt-PT");
}
