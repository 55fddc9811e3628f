import { z } from "zod";

// zod 4 probes `new Function("")` to compile fast parsers; our Content-Security-Policy forbids
// eval in the browser, which Lighthouse reports as a console issue. In the browser, parse
// without it (the forms are tiny). The server keeps the fast path. Import this first.
if (typeof window !== "undefined") z.config({ jitless: true });
