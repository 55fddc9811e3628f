import type { FaultTest } from "./context.ts";
export const gatewayTests: FaultTest[] = [];
