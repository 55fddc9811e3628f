import type { ReactNode } from "react";

// The three payment brands as inline SVG (the same drawings as public/images/payments/*.svg).
// As <img> files each one is parsed as a separate SVG document on the main thread (≈10–20 ms
// apiece on a slow phone, on every page, since they sit in the footer); inline they cost nothing extra.

const FONT = "Arial, Helvetica, sans-serif";

function Logo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 120 48" width={80} height={32} role="img" aria-label={label} className="h-8 w-20">
      <rect width="120" height="48" rx="8" fill="#fff" />
      <rect x="0.5" y="0.5" width="119" height="47" rx="7.5" fill="none" stroke="#d1d5db" />
      {children}
    </svg>
  );
}

const MbWay = () => (
  <Logo label="MB WAY">
    <rect x="16" y="12" width="30" height="24" rx="5" fill="#d60510" />
    <text x="31" y="29" fontFamily={FONT} fontSize="13" fontWeight="700" fill="#fff" textAnchor="middle">
      MB
    </text>
    <text x="52" y="30.5" fontFamily={FONT} fontSize="18" fontWeight="800" fill="#111827" letterSpacing="0.5">
      WAY
    </text>
  </Logo>
);

const Multibanco = () => (
  <Logo label="Multibanco">
    <rect x="9" y="11" width="26" height="26" rx="4" fill="#1d4f91" />
    <text x="22" y="28.5" fontFamily={FONT} fontSize="12" fontWeight="800" fill="#fff" textAnchor="middle">
      MB
    </text>
    <text
      x="40"
      y="28.5"
      fontFamily={FONT}
      fontSize="11.5"
      fontWeight="700"
      fill="#1d4f91"
      textLength="71"
      lengthAdjust="spacingAndGlyphs"
    >
      Multibanco
    </text>
  </Logo>
);

const Payshop = () => (
  <Logo label="Payshop">
    <text x="60" y="30.5" fontFamily={FONT} fontSize="19" fontWeight="800" fill="#e30613" textAnchor="middle">
      <tspan>pay</tspan>
      <tspan fill="#111827">shop</tspan>
    </text>
  </Logo>
);

export const PAYMENT_LOGOS = [
  { label: "MB WAY", Logo: MbWay },
  { label: "Multibanco", Logo: Multibanco },
  { label: "Payshop", Logo: Payshop },
] as const;
