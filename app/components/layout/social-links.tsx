import type { ReactNode, SVGProps } from "react";

// The brand's social profiles (addresses from the shop's settings): the footer and the "Sobre Nós" page.
type IconProps = SVGProps<SVGSVGElement>;
const strokeIcon = (children: ReactNode) =>
  function Icon(props: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...props}
      >
        {children}
      </svg>
    );
  };

const InstagramIcon = strokeIcon(
  <>
    <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
    <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
    <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
  </>,
);
const FacebookIcon = strokeIcon(<path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />);
const TikTokIcon = strokeIcon(<path d="M9 12a4 4 0 1 0 4 4V2c.5 2.8 2.4 4.6 5 5" />);

type SocialIdentity = { instagram: string; facebook: string; tiktok: string };

/** The brand's social profiles from the shop's settings, those filled in only (footer and "Sobre Nós"). */
export function socialLinks(identity: SocialIdentity) {
  return [
    { href: identity.instagram, label: "Instagram", Icon: InstagramIcon },
    { href: identity.facebook, label: "Facebook", Icon: FacebookIcon },
    { href: identity.tiktok, label: "TikTok", Icon: TikTokIcon },
  ].filter((link) => link.href !== "");
}
