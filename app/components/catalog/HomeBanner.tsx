import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CatalogImage } from "./CatalogImage.tsx";
import { focusRing } from "./ProductCard.tsx";

export interface BannerData {
  titulo: string;
  slogam: string;
  imagem: string;
}

/** Shown when no banner is active (or it could not be read). */
const FALLBACK: Omit<BannerData, "imagem"> = {
  titulo: "Feito em Portugal, com alma",
  slogam: "Canecas, T-shirts e agendas de pequenas marcas portuguesas, entregues em todo o país.",
};

/**
 * The home page banner (/): title, slogan and 'Contacte-nos' to /contato over the
 * active banner picture. On small screens the picture sits above the text; from 768 px the text
 * panel lies over it. The picture's box is sized by CSS, so nothing moves while it loads.
 */
export function HomeBanner({ banner }: { banner: BannerData | null }) {
  const { titulo, slogam } = banner ?? FALLBACK;
  const image = banner?.imagem ?? "";
  return (
    <section aria-labelledby="banner-titulo" className="relative isolate overflow-hidden bg-amber-50">
      {image ? (
        <div className="relative aspect-[8/3] md:absolute md:inset-0 md:-z-10 md:aspect-auto">
          <CatalogImage
            file={image}
            alt=""
            width={1600}
            height={600}
            sizes="100vw"
            priority
            className="size-full object-cover"
          />
        </div>
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-br from-amber-50 via-orange-50 to-sky-100"
        />
      )}
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 md:py-20 lg:px-8 lg:py-24">
        <div className="max-w-xl md:rounded-2xl md:bg-white/85 md:p-8 md:shadow-lg md:ring-1 md:ring-black/5 md:backdrop-blur-sm">
          <h1
            id="banner-titulo"
            className="text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl lg:text-5xl"
          >
            {titulo}
          </h1>
          <p className="mt-3 text-base leading-7 text-pretty text-gray-700 sm:text-lg">{slogam}</p>
          <Link
            to="/contato"
            className={`mt-6 inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-3 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-600 ${focusRing}`}
          >
            Contacte-nos
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
