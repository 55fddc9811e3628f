import { createContext, useContext } from "react";

/** The CSP nonce, rendered into React Router's inline scripts on the server. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
