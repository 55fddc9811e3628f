import { describe, expect, it, vi } from "vitest";
import { AppError, NotFoundError } from "#server/core/errors.ts";

describe("AppError across module copies", () => {
  it("recognises an error of another copy of errors.ts (the built web app has its own) and nothing else", async () => {
    // A second evaluation of the module, as the React Router build embeds one.
    vi.resetModules();
    const copy = await import("#server/core/errors.ts");
    expect(copy.AppError).not.toBe(AppError);
    const foreign = new copy.NotFoundError("Encomenda não encontrada.");
    expect(foreign instanceof AppError).toBe(true);
    expect(new NotFoundError() instanceof AppError).toBe(true);
    expect(new Error("x") instanceof AppError).toBe(false);
    expect({ status: 404, message: "x" } instanceof AppError).toBe(false);
    // Subclasses keep the ordinary check.
    expect(new copy.ConflictError("x") instanceof NotFoundError).toBe(false);
    expect(new NotFoundError() instanceof NotFoundError).toBe(true);
  });
});
