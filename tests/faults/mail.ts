import type { FaultTest } from "./context.ts";
export const mailTests: FaultTest[] = [];
export async function stopMailServer() {}
