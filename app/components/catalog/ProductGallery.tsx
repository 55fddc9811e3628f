import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { CatalogImage } from "./CatalogImage.tsx";
import { focusRing } from "./ProductCard.tsx";

const MAIN_SIZES = "(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw";

/**
 * The product pictures: a swipe carousel (embla) with dots on small screens and, from 768 px,
 * a column of thumbnails that switch the main picture. Without JavaScript the server markup
 * shows the first picture (the other slides sit outside the clipped viewport).
 * Give it a `key` per product so the selection starts at the first picture.
 */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const files = images.length > 0 ? images : [""];
  const many = files.length > 1;
  const [viewportRef, embla] = useEmblaCarousel({ loop: false, align: "start", skipSnaps: false });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  /** Dots slide; thumbnails switch at once (`jump`). */
  const show = useCallback(
    (index: number, jump = false) => {
      setSelected(index);
      embla?.scrollTo(index, jump);
    },
    [embla],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (!embla) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      embla.scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      embla.scrollNext();
    }
  };

  return (
    <div className={many ? "md:grid md:grid-cols-[5rem_minmax(0,1fr)] md:gap-4" : undefined}>
      <div className="min-w-0 md:order-2">
        <div
          ref={viewportRef}
          role="region"
          aria-roledescription="carrossel"
          aria-label={`Imagens de ${name}`}
          tabIndex={many ? 0 : undefined}
          onKeyDown={many ? onKeyDown : undefined}
          className={`overflow-hidden rounded-2xl border border-gray-200 bg-gray-50 ${focusRing}`}
        >
          <div className="flex touch-pan-y">
            {files.map((file, index) => (
              <div
                key={`${file}-${index}`}
                role="group"
                aria-roledescription="diapositivo"
                aria-label={`${index + 1} de ${files.length}`}
                className="aspect-square min-w-0 flex-[0_0_100%]"
              >
                <CatalogImage
                  file={file}
                  alt={many ? `${name} — imagem ${index + 1} de ${files.length}` : name}
                  width={1200}
                  height={1200}
                  sizes={MAIN_SIZES}
                  priority={index === 0}
                  draggable={false}
                  className="size-full object-cover select-none"
                />
              </div>
            ))}
          </div>
        </div>

        {many && (
          <div className="mt-3 flex justify-center gap-2 md:hidden">
            {files.map((file, index) => (
              <button
                key={`${file}-${index}`}
                type="button"
                onClick={() => show(index)}
                aria-label={`Mostrar imagem ${index + 1} de ${files.length}`}
                aria-current={index === selected ? "true" : undefined}
                className={`grid size-6 place-items-center rounded-full ${focusRing}`}
              >
                <span
                  aria-hidden="true"
                  className={`block h-2 rounded-full transition-all ${
                    index === selected ? "w-5 bg-gray-900" : "w-2 bg-gray-300"
                  }`}
                />
              </button>
            ))}
          </div>
        )}
      </div>

      {many && (
        <ul className="hidden md:order-1 md:flex md:flex-col md:gap-3" aria-label="Miniaturas">
          {files.map((file, index) => (
            <li key={`${file}-${index}`}>
              <button
                type="button"
                onClick={() => show(index, true)}
                aria-label={`Mostrar imagem ${index + 1} de ${files.length}`}
                aria-current={index === selected ? "true" : undefined}
                className={`block aspect-square w-full overflow-hidden rounded-lg border-2 bg-gray-50 transition ${
                  index === selected ? "border-gray-900" : "border-transparent opacity-75 hover:opacity-100"
                } ${focusRing}`}
              >
                <CatalogImage
                  file={file}
                  alt=""
                  width={160}
                  height={160}
                  sizes="80px"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
