import { ArrowLeft } from "lucide-react";
import { useNavigate } from "react-router";
import { buttonClass } from "./ui.tsx";

/** "Voltar": back to the previous page, or to `fallback` when this page was opened directly. */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      onClick={() => {
        if (window.history.length > 1) void navigate(-1);
        else void navigate(fallback);
      }}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Voltar
    </button>
  );
}
