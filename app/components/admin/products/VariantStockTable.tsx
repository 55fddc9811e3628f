import type { ApiVariant } from "#server/modules/catalog/schemas.ts";
import { Badge, stockLevel, TableWrap, tdClass, thClass } from "#app/components/admin/ui.tsx";

/** /produtos/detalhes: the chosen product's variants (colour, size, stock and its level), read only. */
export function VariantStockTable({ variants }: { variants: ApiVariant[] }) {
  return (
    <TableWrap label="Variantes do produto">
      <table className="min-w-full divide-y divide-gray-200">
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className={thClass}>
              Cor
            </th>
            <th scope="col" className={thClass}>
              Tamanho
            </th>
            <th scope="col" className={thClass}>
              Stock
            </th>
            <th scope="col" className={thClass}>
              Estado
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {variants.map((v) => {
            const level = stockLevel(v.stock);
            return (
              <tr key={v.id}>
                <td className={tdClass}>{v.color ?? v.color_name ?? "N/A"}</td>
                <td className={tdClass}>{v.size ?? v.size_name ?? "N/A"}</td>
                <td className={tdClass}>{v.stock}</td>
                <td className={tdClass}>
                  <Badge className={level.className}>{level.label}</Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}
