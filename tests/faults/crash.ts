import type { FaultTest } from "./context.ts";
export const crashTests: FaultTest[] = [];
