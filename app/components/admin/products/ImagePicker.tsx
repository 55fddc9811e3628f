import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { focusRing, labelClass } from "#app/components/admin/ui.tsx";
import { MAX_IMAGE_BYTES, MAX_IMAGES } from "./product-api.ts";

/**
 * Several pictures chosen from disk (images only), with previews and a remove button each.
 * The files live in the parent's state; this only shows and edits the list.
 */
export function ImagePicker({
  label,
  files,
  onChange,
  error,
  hint,
  max = MAX_IMAGES,
}: {
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  error?: string | null;
  hint?: string;
  max?: number;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const previews = useMemo(
    () => files.map((file) => ({ file, url: typeof URL !== "undefined" ? URL.createObjectURL(file) : "" })),
    [files],
  );
  useEffect(() => () => previews.forEach((p) => p.url && URL.revokeObjectURL(p.url)), [previews]);

  const add = (list: FileList | null) => {
    if (!list) return;
    const chosen = Array.from(list);
    const images = chosen.filter((f) => f.type.startsWith("image/"));
    const small = images.filter((f) => f.size <= MAX_IMAGE_BYTES);
    const room = Math.max(0, max - files.length);
    const accepted = small.slice(0, room);
    const problems: string[] = [];
    if (images.length < chosen.length) problems.push("Só são aceites ficheiros de imagem.");
    if (small.length < images.length)
      problems.push(`Cada imagem pode ter no máximo ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
    if (accepted.length < small.length) problems.push(`Pode enviar no máximo ${max} imagens.`);
    setNotice(problems.length ? problems.join(" ") : null);
    if (accepted.length) onChange([...files, ...accepted]);
    // The same file can be chosen again after removing it.
    if (inputRef.current) inputRef.current.value = "";
  };

  const message = error ?? notice;
  const describedBy =
    [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div>
      <span className={labelClass}>{label}</span>
      <label
        htmlFor={id}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-gray-300 bg-gray-50 p-6 text-center text-sm text-gray-700 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 hover:border-brand-500`}
      >
        <ImagePlus aria-hidden="true" className="size-8 text-gray-600" />
        <span>
          <span className="font-semibold text-brand-700">Escolher imagens</span> ({files.length}/{max})
        </span>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          aria-label={label}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(e) => add(e.target.files)}
        />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
      {previews.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-5" aria-label="Imagens escolhidas">
          {previews.map((p, index) => (
            <li key={`${p.file.name}-${p.file.lastModified}-${index}`} className="relative">
              <img
                src={p.url}
                alt={`Pré-visualização ${index + 1}: ${p.file.name}`}
                className="aspect-square w-full rounded-md border border-gray-200 object-cover"
              />
              {index === 0 && (
                <span className="absolute bottom-1 left-1 rounded bg-gray-900/80 px-1.5 py-0.5 text-[11px] font-medium text-white">
                  Principal
                </span>
              )}
              <button
                type="button"
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                aria-label={`Remover imagem ${index + 1}`}
                className={`absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-red-700 text-white shadow hover:bg-red-800 ${focusRing}`}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
