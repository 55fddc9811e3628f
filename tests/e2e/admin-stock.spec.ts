import sharp from "sharp";
import { type Page, test, waitForHydration } from "./fixtures.ts";
import { ADMIN, expect, expectAccessible, loginThroughForm, readMailTo, tag, toastText } from "./support.ts";

/**
 * Spec sections 2, 4, 5 and 8 for the stock and order screens: /gestao-stock (cards, search,
 * variants, keyboard dialog), /stock-baixo (restock with 'Reposição de stock baixo' → the
 * movement in the history), /orders (a new order in the table, the chart) and /payment-status
 * (confirmation refused while unpaid, the payment verified once the gateway paid, confirmed).
 * Runs at 1280 px and 375 px.
 */

async function loginAsAdmin(page: Page): Promise<void> {
  await loginThroughForm(page, ADMIN.email, ADMIN.password);
  await page.waitForURL("**/dashboard");
}

test("stock management: summary cards, search, a product's variants and the keyboard stock dialog", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto("/gestao-stock");
  await expect(page.getByRole("heading", { name: "Gestão de Stock", level: 1 })).toBeVisible();
  const cards = page.getByRole("region", { name: "Resumo de stock" });
  for (const label of ["Total Produtos", "Total Variantes", "Stock Total", "Sem Stock", "Stock Baixo"]) {
    await expect(cards.getByText(label, { exact: true })).toBeVisible();
  }

  const table = page.getByRole("region", { name: "Produtos e stock" });
  await page.getByLabel("Pesquisar produto").fill("Caneca");
  await expect(page.getByText(/\d+ produto\(s\) encontrado\(s\)/)).toBeVisible();
  // Rows are table rows on a wide screen, cards (li) on a phone.
  await expect(table.locator("tr, li").filter({ hasText: /Agenda|T-shirt/ })).toHaveCount(0);
  await expect(table.locator("tr, li").filter({ hasText: "Caneca" }).first()).toBeVisible();

  await table
    .getByRole("button", { name: /^Ver variantes de / })
    .first()
    .click();
  const variantsHeading = page.getByRole("heading", { name: /^Variantes de / });
  await expect(variantsHeading).toBeFocused();
  await expect(
    page
      .getByRole("region", { name: /^Variantes de / })
      .getByText(/^(Sem Stock|Stock Baixo|Stock OK)$/)
      .first(),
  ).toBeVisible();

  // The dialog opens from the keyboard, starts with the default reason and closes with Escape.
  await page
    .getByRole("button", { name: /^Editar stock de / })
    .first()
    .focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Atualizar stock" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Novo stock")).toBeFocused();
  await expect(dialog.getByLabel("Motivo")).toHaveValue("Atualização manual");
  await dialog.getByLabel("Novo stock").fill("-2");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Stock deve ser um número positivo");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await expectAccessible(page);
});

test("restock from /stock-baixo with the default reason: the movement appears in the history", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/stock-baixo");
  await expect(page.getByRole("heading", { name: "Stock Baixo", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Limite de stock")).toHaveValue("10");
  const list = page.getByRole("region", { name: "Produtos com stock baixo" });
  await expect(list.getByText(/^(Sem Stock|Crítico|Baixo)$/).first()).toBeVisible();

  await page.getByLabel("Limite de stock").selectOption("5");
  await expect(page.getByText(/produto\(s\) com stock igual ou inferior a 5/)).toBeVisible();
  await expect(list.getByText("Baixo", { exact: true })).toHaveCount(0);
  await page.getByLabel("Limite de stock").selectOption("10");

  await list
    .getByRole("button", { name: /^Repor stock de / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /^Variantes de / })).toBeFocused();
  const variants = page.getByRole("region", { name: /^Variantes de / });
  // The product's lowest variant: the one the list is about.
  const lowRow = variants
    .locator("tr, li")
    .filter({ has: page.getByText(/^(Sem Stock|Stock Baixo)$/) })
    .first();
  // Read before the dialog opens: a modal dialog hides the rest of the page from the accessibility tree.
  const before = Number(await lowRow.locator('[data-column="stock"]').textContent());
  const after = before + 5;
  await lowRow.getByRole("button", { name: /^Editar stock de / }).click();

  const dialog = page.getByRole("dialog", { name: "Atualizar stock" });
  await expect(dialog.getByLabel("Motivo")).toHaveValue("Reposição de stock baixo");
  await dialog.getByLabel("Novo stock").fill("");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Stock deve ser um número positivo");
  await expect(toastText(page, "Stock deve ser um número positivo")).toBeVisible();

  const note = `Fornecedor ${tag()}`;
  await dialog.getByLabel("Novo stock").fill(String(after));
  await dialog.getByLabel("Notas").fill(note);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(toastText(page, "Stock atualizado com sucesso!")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const history = page.getByRole("region", { name: /^Histórico — / });
  const movement = history.getByRole("listitem").filter({ hasText: note });
  await expect(movement).toBeVisible();
  await expect(movement).toContainText("Motivo: Reposição de stock baixo");
  // "{before} → {after}" (the arrow is read as "para"), then the change in brackets.
  await expect(movement).toContainText(`${before}→para${after}(+5)`);
  await expect(movement).toContainText("Por: Administrador");

  await expectAccessible(page);
});

async function addFirstAvailable(page: Page, categoria: string) {
  await page.goto(`/?categoria=${categoria}`);
  await page.locator('a[href^="/produto/"]').first().click();
  await page.waitForURL(/\/produto\/\d+$/);
  const size = page.getByRole("group", { name: "Tamanho" }).getByRole("radio", { disabled: false }).first();
  if (!(await size.isChecked())) await size.check();
  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
}

test("an order shows on /orders with the chart; its payment is verified and confirmed on /payment-status", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page);

  // ----- a Multibanco order, still unpaid -----
  await addFirstAvailable(page, "Canecas");
  await page.goto("/carrinho");
  await expect(page.getByRole("region", { name: "Artigos no carrinho" })).toBeVisible();
  await page.getByRole("main").getByText("Multibanco", { exact: true }).click();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  const delivery = page.getByRole("dialog");
  await delivery.getByLabel("Nome").fill("Helena Matos");
  await delivery.getByLabel("Morada").fill("Rua de Santa Catarina, 100");
  await delivery.getByLabel("Código postal").fill("4000-442");
  await delivery.getByLabel("Cidade").fill("Porto");
  await delivery.getByLabel("Telefone").fill("912345678");
  await delivery.getByRole("button", { name: "Confirmar encomenda" }).click();
  await page.waitForURL("**/pagamento");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("pagamento") ?? "null"));
  const reference = String(stored.referencia);
  const orderId = Number(stored.order_id);

  // ----- /orders: the line and the chart -----
  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: "Relatório Geral", level: 1 })).toBeVisible();
  // A table row at 1280 px, a card at 375 px (app/components/admin/ResponsiveTable.tsx).
  const orderRow = page.locator("tr, li").filter({ hasText: reference }).filter({ visible: true });
  await expect(orderRow).toBeVisible();
  await expect(orderRow).toContainText(/\(ID \d+\)/);
  await expect(orderRow).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole("heading", { name: "Pedidos por Dia" })).toBeVisible();
  const chart = page.getByTestId("orders-chart");
  await expect(chart.locator(".recharts-line-curve")).toBeVisible();
  await expect(page.getByText(/[1-9]\d* pedido\(s\) nos últimos 30 dias/)).toBeVisible();
  await page.getByLabel("Período").selectOption("7");
  await expect(page.getByText(/[1-9]\d* pedido\(s\) nos últimos 7 dias/)).toBeVisible();
  await expect(page.getByText("Erro ao carregar os pedidos")).toHaveCount(0);
  await expectAccessible(page);

  // ----- /payment-status: unpaid cannot be confirmed -----
  await page.goto("/payment-status");
  const row = page.locator("tr, li").filter({ hasText: reference }).filter({ visible: true });
  await expect(row.getByText("Pendente", { exact: true }).first()).toBeVisible();
  // An unpaid order cannot be confirmed: the button is not offered.
  await expect(row.getByRole("button", { name: /^Enviar confirmação/ })).toHaveCount(0);
  await row.getByRole("button", { name: `Verificar pagamento do pedido ${orderId}` }).click();
  await expect(toastText(page, "Status do pagamento: Pendente")).toBeVisible();

  // ----- the sandbox gateway pays (the admin's button: the real callback over HTTP), the admin verifies -----
  await row.getByRole("button", { name: `Simular pagamento do pedido ${orderId} (sandbox)` }).click();
  await expect(toastText(page, "Pagamento simulado enviado ao callback.")).toBeVisible();
  await expect(row.getByRole("button", { name: /^Simular pagamento/ })).toHaveCount(0);

  await row.getByRole("button", { name: `Verificar pagamento do pedido ${orderId}` }).click();
  await expect(toastText(page, "Status do pagamento: Pago")).toBeVisible();
  await expect(row.getByText("Pago", { exact: true }).first()).toBeVisible();
  // Paid: the confirmation went out (once, with the paid transition) and the row says when.
  await expect(row.getByText(/^Confirmado em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await readMailTo(`Pagamento recebido: encomenda #${orderId}`);
  // A paid order offers the resend.
  await expect(row.getByRole("button", { name: `Enviar confirmação do pedido ${orderId}` })).toBeVisible();

  await page.getByRole("button", { name: "Verificar Todos" }).click();
  await expect(toastText(page, "Verificação concluída! Verifique os resultados no console.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Voltar" }).click();
  await page.waitForURL("**/dashboard");
});

test("stock labels say what they count: a product with one sold-out colour, the 'Sem Stock' card", async ({
  page,
}, testInfo) => {
  const shot = (what: string) =>
    page.screenshot({
      path: `${process.env.SCREENSHOTS_DIR ?? testInfo.outputPath()}/${what}-${page.viewportSize()!.width}px.png`,
      fullPage: true,
    });
  await loginAsAdmin(page);
  const csrf = { "x-csrf-token": (await page.context().cookies()).find((c) => c.name === "loja_csrf")!.value };
  const name = `Parcial ${tag()}`;
  const created = await page.request.post("/api/product/create", {
    headers: csrf,
    multipart: {
      name,
      description: "Uma cor esgotada, outra com stock.",
      price: "9,90",
      categoria: "Canecas",
      images: {
        name: "p.png",
        mimeType: "image/png",
        buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 20, b: 140 } } })
          .png()
          .toBuffer(),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { id: number }).id;
  const colors = (await (await page.request.get("/api/product/cores")).json()) as Array<{ id: number }>;
  for (const [i, stock] of [0, 20].entries()) {
    const res = await page.request.post("/api/product/createVariants", {
      headers: csrf,
      data: { product_id: productId, color_id: colors[i]!.id, stock },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The product still sells in one colour: sold out in part, not 'Stock OK' and not 'Sem Stock'.
  await page.goto("/gestao-stock");
  await page.getByLabel("Pesquisar produto").fill(name);
  const row = page.getByRole("region", { name: "Produtos e stock" }).locator("tr, li").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText("Esgotado em parte")).toBeVisible();
  await expect(row.getByText("1 variante sem stock")).toBeVisible();
  await expect(row.getByText("Stock OK", { exact: true })).toHaveCount(0);
  await expect(row.getByText("Sem Stock", { exact: true })).toHaveCount(0);
  await shot("gestao-stock");

  // On /stock-baixo its lowest variant is 0: 'Sem Stock', for some of its variants only.
  await page.goto("/stock-baixo");
  const lowRow = page
    .getByRole("region", { name: "Produtos com stock baixo" })
    .locator("tr, li")
    .filter({ hasText: name });
  await expect(lowRow.getByText("Sem Stock", { exact: true })).toBeVisible();
  await expect(lowRow.getByText("algumas variantes", { exact: true })).toBeVisible();
  await shot("stock-baixo");

  // The dashboard's 'Sem Stock' counts products without a unit, as /api/stock/products flags them.
  const items: Array<{ isOutOfStock: boolean; variantsOutOfStock: number }> = [];
  for (let p = 1; ; p++) {
    const page200 = (await (await page.request.get(`/api/stock/products?page=${p}&limit=200`)).json()) as typeof items;
    items.push(...page200);
    if (page200.length < 200) break;
  }
  await page.goto("/dashboard");
  await expect(page.getByTestId("resumo-outOfStock")).toHaveText(String(items.filter((i) => i.isOutOfStock).length));
  const variantsOut = items.reduce((s, i) => s + i.variantsOutOfStock, 0);
  await expect(page.getByTestId("resumo-outOfStock-conta")).toHaveText(
    `produtos${variantsOut} ${variantsOut === 1 ? "variante" : "variantes"} sem stock`,
  );
  await shot("dashboard");

  await page.request.delete(`/api/product/${productId}`, { headers: csrf });
});

test("a stock edit from a stale screen is refused with the new figure, then saved against it", async ({ page }) => {
  await loginAsAdmin(page);
  // Two screens of the same admin read the same variant; the second one changes it first.
  const other = await page.context().newPage();
  const openDialogOn = async (p: Page) => {
    await p.goto("/gestao-stock");
    // The second tab is not the fixture's page, whose goto waits for hydration: a search typed before it is lost.
    await waitForHydration(p);
    await p.getByLabel("Pesquisar produto").fill("Caneca Azulejo Lisboa");
    await p
      .getByRole("region", { name: "Produtos e stock" })
      .getByRole("button", { name: "Ver variantes de Caneca Azulejo Lisboa" })
      .click();
    await expect(p.getByRole("heading", { name: "Variantes de Caneca Azulejo Lisboa" })).toBeFocused();
    await p
      .getByRole("button", { name: /^Editar stock de / })
      .first()
      .click();
    const dialog = p.getByRole("dialog", { name: "Atualizar stock" });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  const dialog = await openDialogOn(page);
  const seen = Number(await dialog.getByTestId("stock-atual").textContent());

  const otherDialog = await openDialogOn(other);
  await otherDialog.getByLabel("Novo stock").fill(String(seen + 3));
  await otherDialog.getByRole("button", { name: "Guardar" }).click();
  await expect(otherDialog).toHaveCount(0);
  await other.close();

  // This screen still shows the old figure: its edit is refused and the dialog shows the new one.
  await dialog.getByLabel("Novo stock").fill(String(seen + 10));
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    `O stock desta variante mudou entretanto: agora são ${seen + 3} unidades. Confira o novo valor e guarde de novo.`,
  );
  await expect(dialog.getByTestId("stock-atual")).toHaveText(String(seen + 3));
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(toastText(page, "Stock atualizado com sucesso!")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const variants = page.getByRole("region", { name: /^Variantes de / });
  await expect(variants.locator("tbody tr, li").first().locator('[data-column="stock"]')).toHaveText(String(seen + 10));
});
