import { useCallback, useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { DEFAULT_IMAGE, uploadPath, uploadSrcSet } from "./image-urls.ts";

/**
 * 0: WebP copies through srcset, 1: the original only (a copy was missing),
 * 2: the shop's default picture (the original failed too, or there is none).
 */
type Stage = 0 | 1 | 2;

export interface CatalogImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "onError" | "width" | "height"
> {
  /** Stored file name (e.g. "3f1c….jpg"); empty or null shows the default picture. */
  file: string | null | undefined;
  alt: string;
  /** Intrinsic size hints: they reserve the box before the picture arrives (no layout shift). */
  width: number;
  height: number;
  /** Above the fold: eager and fetchpriority=high. Otherwise lazy. */
  priority?: boolean;
}

/**
 * A catalogue picture with responsive WebP sources and a safe fallback chain. The error
 * handler works whether the failure happens after hydration (onError) or before it: a
 * picture that already failed while the server HTML was loading is detected on mount.
 */
export function CatalogImage({ file, alt, width, height, priority = false, sizes, ...rest }: CatalogImageProps) {
  const initial: Stage = file ? 0 : 2;
  const [state, setState] = useState<{ file: typeof file; stage: Stage }>({ file, stage: initial });
  // A new picture (e.g. another product of the model) starts the chain again.
  const stage = state.file === file ? state.stage : initial;
  if (state.file !== file) setState({ file, stage: initial });

  const ref = useRef<HTMLImageElement>(null);

  // The next stage of this picture's chain (a no-op once the file has changed or the default is shown).
  const fail = useCallback(() => {
    setState((s) => (s.file === file && s.stage < 2 ? { file, stage: (s.stage + 1) as Stage } : s));
  }, [file]);

  useEffect(() => {
    const img = ref.current;
    // Failed before React attached its listener (server HTML, slow hydration).
    if (img && img.complete && img.naturalWidth === 0 && stage < 2) fail();
  }, [fail, stage]); // once per source shown (fail changes with the file)

  const src = stage === 2 || !file ? DEFAULT_IMAGE : uploadPath(file);
  const srcSet = stage === 0 && file ? uploadSrcSet(file) : undefined;

  return (
    <img
      ref={ref}
      {...rest}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "auto" : "async"}
      onError={fail}
    />
  );
}
