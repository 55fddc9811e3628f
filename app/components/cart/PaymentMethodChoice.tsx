import { useRef, type RefObject } from "react";
import { MBWAY_PHONE, normalisePhone, ORDER_MESSAGES } from "#server/modules/orders/rules.ts";
import { checkedMethod, METHOD_FIELD, METHODS } from "./payment-method.ts";

interface Props {
  phoneRef: RefObject<HTMLInputElement | null>;
  methodError: string | null;
  phoneError: string | null;
  onMethodChange: () => void;
  onPhoneError: (message: string | null) => void;
}

/**
 * Cart /carrinho: 'Método de pagamento' (uncontrolled native radios) and the MB WAY number, which CSS shows
 * while MB WAY is checked (`group/pay` on the summary), also before hydration: nothing waits for React.
 */
export function PaymentMethodChoice({ phoneRef, methodError, phoneError, onMethodChange, onPhoneError }: Props) {
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  return (
    <>
      <fieldset ref={fieldsetRef} className="mt-5">
        <legend className="text-sm font-semibold text-gray-900">Método de pagamento</legend>
        <div className="mt-3 grid gap-2">
          {METHODS.map((m) => (
            <label
              key={m.value}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-200 bg-white p-3 transition hover:border-gray-300 has-[:checked]:border-brand-500 has-[:checked]:ring-1 has-[:checked]:ring-brand-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500"
            >
              <input
                type="radio"
                name={METHOD_FIELD}
                value={m.value}
                onChange={onMethodChange}
                className="mt-1 size-4 accent-brand-600"
              />
              <span>
                <span className="block text-sm font-semibold text-gray-900">{m.label}</span>
                <span className="block text-xs text-gray-600">{m.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {methodError ? <p className="mt-2 text-sm text-red-600">{methodError}</p> : null}
      </fieldset>

      {/* Always in the page, shown by CSS while MB WAY is checked (also before hydration). */}
      <div className="mt-4 hidden group-has-[input[value=mbway]:checked]/pay:block">
        <label htmlFor="mbway-phone" className="block text-sm font-medium text-gray-800">
          Número de telemóvel MB WAY
        </label>
        <input
          ref={phoneRef}
          id="mbway-phone"
          name="telemovel"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="912345678"
          maxLength={20}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? "mbway-phone-error" : undefined}
          onChange={() => onPhoneError(null)}
          onBlur={(e) => {
            const value = e.target.value;
            const mbway = checkedMethod(fieldsetRef.current) === "mbway";
            if (mbway && value.trim() && !MBWAY_PHONE.test(normalisePhone(value)))
              onPhoneError(ORDER_MESSAGES.mbwayPhone);
          }}
          className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm ${
            phoneError ? "border-red-500" : "border-gray-300"
          }`}
        />
        {phoneError ? (
          <p id="mbway-phone-error" className="mt-1 text-sm text-red-600">
            {phoneError}
          </p>
        ) : null}
      </div>
    </>
  );
}
