import * as Dialog from "@radix-ui/react-dialog";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Maximize2, X } from "lucide-react";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { CatalogImage } from "#app/components/catalog/CatalogImage.tsx";
import { focusRing } from "#app/components/admin/ui.tsx";

const arrowClass = `${focusRing} absolute top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white disabled:opacity-40`;

/**
 * The product's pictures in a swipe carousel (embla). Clicking a picture opens a full-screen
 * viewer (Radix Dialog: focus trap, Escape and the close button close it), where the arrows
 * and the arrow keys move through the pictures.
 */
export function ImageCarousel({ images, name }: { images: readonly string[]; name: string }) {
  const files = images.length > 0 ? images : [""];
  const many = files.length > 1;
  const [viewportRef, embla] = useEmblaCarousel({ loop: false, align: "start" });
  const [selected, setSelected] = useState(0);
  const [viewer, setViewer] = useState<number | null>(null);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      embla?.scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      embla?.scrollNext();
    }
  };

  const step = useCallback(
    (delta: number) => setViewer((v) => (v === null ? v : (v + delta + files.length) % files.length)),
    [files.length],
  );

  return (
    <div>
      <div className="relative">
        <div
          ref={viewportRef}
          role="region"
          aria-roledescription="carrossel"
          aria-label={`Imagens de ${name}`}
          tabIndex={many ? 0 : undefined}
          onKeyDown={many ? onKeyDown : undefined}
          className={`overflow-hidden rounded-xl border border-gray-200 bg-gray-50 ${focusRing}`}
        >
          <div className="flex touch-pan-y">
            {files.map((file, index) => (
              <div
                key={`${file}-${index}`}
                role="group"
                aria-roledescription="diapositivo"
                aria-label={`${index + 1} de ${files.length}`}
                className="min-w-0 flex-[0_0_100%]"
              >
                <button
                  type="button"
                  onClick={() => setViewer(index)}
                  aria-label={`Ampliar imagem ${index + 1} de ${files.length}`}
                  className={`group relative block aspect-square w-full cursor-zoom-in ${focusRing}`}
                >
                  <CatalogImage
                    file={file}
                    alt={many ? `${name} — imagem ${index + 1} de ${files.length}` : name}
                    width={900}
                    height={900}
                    sizes="(min-width: 1024px) 480px, 100vw"
                    priority={index === 0}
                    draggable={false}
                    className="size-full object-cover select-none"
                  />
                  <span className="absolute right-2 bottom-2 grid size-8 place-items-center rounded-full bg-gray-900/75 text-white">
                    <Maximize2 aria-hidden="true" className="size-4" />
                  </span>
                </button>
              </div>
            ))}
          </div>
        </div>
        {many && (
          <>
            <button
              type="button"
              onClick={() => embla?.scrollPrev()}
              disabled={selected === 0}
              aria-label="Imagem anterior"
              className={`${arrowClass} left-2`}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => embla?.scrollNext()}
              disabled={selected === files.length - 1}
              aria-label="Imagem seguinte"
              className={`${arrowClass} right-2`}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </>
        )}
      </div>
      {many && (
        <div className="mt-3 flex justify-center gap-2">
          {files.map((file, index) => (
            <button
              key={`${file}-${index}`}
              type="button"
              onClick={() => embla?.scrollTo(index)}
              aria-label={`Mostrar imagem ${index + 1} de ${files.length}`}
              aria-current={index === selected ? "true" : undefined}
              className={`grid size-6 place-items-center rounded-full ${focusRing}`}
            >
              <span
                aria-hidden="true"
                className={`block h-2 rounded-full transition-all ${index === selected ? "w-5 bg-gray-900" : "w-2 bg-gray-400"}`}
              />
            </button>
          ))}
        </div>
      )}

      <Dialog.Root open={viewer !== null} onOpenChange={(open) => !open && setViewer(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
          <Dialog.Content
            className="fixed inset-0 z-50 flex items-center justify-center p-4 outline-none"
            onKeyDown={(e) => {
              if (!many) return;
              if (e.key === "ArrowLeft") step(-1);
              else if (e.key === "ArrowRight") step(1);
            }}
          >
            <Dialog.Title className="sr-only">{`Imagem de ${name}`}</Dialog.Title>
            <Dialog.Description className="sr-only">
              {viewer !== null ? `Imagem ${viewer + 1} de ${files.length}. Prima Escape para fechar.` : ""}
            </Dialog.Description>
            {viewer !== null && (
              <CatalogImage
                key={files[viewer]}
                file={files[viewer]}
                alt={`${name} — imagem ${viewer + 1} de ${files.length}`}
                width={1600}
                height={1600}
                sizes="100vw"
                priority
                className="max-h-full max-w-full object-contain"
              />
            )}
            <Dialog.Close
              aria-label="Fechar"
              className={`${focusRing} absolute top-4 right-4 grid size-11 place-items-center rounded-full bg-white text-gray-900 shadow hover:bg-gray-100`}
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
            {many && (
              <>
                <button
                  type="button"
                  onClick={() => step(-1)}
                  aria-label="Imagem anterior"
                  className={`${arrowClass} left-4`}
                >
                  <ChevronLeft aria-hidden="true" className="size-5" />
                </button>
                <button
                  type="button"
                  onClick={() => step(1)}
                  aria-label="Imagem seguinte"
                  className={`${arrowClass} right-4`}
                >
                  <ChevronRight aria-hidden="true" className="size-5" />
                </button>
              </>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
