import type { Config } from "@react-router/dev/config";

// The audit's floor (scripts/audit-web.ts): React Router's defaults, server rendering on.
export default {
  appDirectory: "app",
  // Under node_modules (so lint and typecheck never see the built files, and the server build resolves packages).
  buildDirectory: "../../node_modules/.cache/audit-floor",
  ssr: true,
} satisfies Config;
