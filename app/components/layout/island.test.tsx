import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lazyNearViewport } from "./island.tsx";

// The footer island (app/routes/public-layout.tsx): on the server the code is loaded when the island is created, so
// every page's HTML has the island in place (not a fallback to be filled in by a script).
describe("lazyNearViewport on the server", () => {
  it("loads the code at once and renders the island's HTML in place", async () => {
    const load = vi.fn(async () => (props: { text: string }) => <footer id="rodape">{props.text}</footer>);
    const Island = lazyNearViewport("rodape", load);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(renderToString(<Island text="Todos os direitos reservados." />)).toContain("<footer"),
    );
    const html = renderToString(<Island text="Todos os direitos reservados." />);
    expect(html).toBe('<!--$--><footer id="rodape">Todos os direitos reservados.</footer><!--/$-->');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
