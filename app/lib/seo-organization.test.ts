import { describe, expect, it } from "vitest";
import { defaultSettings } from "#server/modules/settings/schemas.ts";
import { organizationJsonLd } from "./seo.ts";

describe("schema.org Organization from the shop's settings", () => {
  it("names the shop, its legal entity and NIPC, address and the profiles filled in", () => {
    const { identity } = defaultSettings({ mainlandCents: 390, islandsCents: 790, fastCents: 290 });
    const shop = {
      ...identity,
      shopName: "Sabonetes do Norte",
      legalName: "Sabonetes do Norte, Unipessoal Lda.",
      nipc: "516789015",
      phone: "",
      facebook: "",
    };
    expect(organizationJsonLd(shop, "https://sabonetes.pt/")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Sabonetes do Norte",
      legalName: "Sabonetes do Norte, Unipessoal Lda.",
      taxID: "516789015",
      vatID: "PT516789015",
      url: "https://sabonetes.pt/",
      email: identity.email,
      address: {
        "@type": "PostalAddress",
        streetAddress: identity.address,
        postalCode: identity.postalCode,
        addressLocality: identity.city,
        addressCountry: "PT",
      },
      sameAs: [identity.instagram, identity.tiktok],
    });
  });
});
