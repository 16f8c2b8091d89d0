import { zodResolver } from "@hookform/resolvers/zod";
import { Clock, LifeBuoy, Server } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { apiFetch, isApiError } from "~/lib/api";
import { FormMessage, InputField, TextAreaField } from "~/ui/form-field";
import { contactSchema, type ContactInput } from "#domain/schemas";
import { PageHero } from "./components";
import { applyServerFieldErrors } from "~/ui/form-errors";

type ContactFormValues = z.input<typeof contactSchema>;

const CONTACT_FIELDS = ["name", "email", "message"] as const;

export default function ContactPage() {
  const [outcome, setOutcome] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: "", email: "", message: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await apiFetch("/api/contact", { method: "POST", json: values });
      reset();
      setOutcome({ tone: "success", text: "Thanks — we'll get back to you." });
    } catch (error) {
      if (isApiError(error, 429)) {
        setOutcome({ tone: "error", text: "Too many messages — please try again later." });
      } else if (isApiError(error, 400)) {
        const unplaced = applyServerFieldErrors(error, CONTACT_FIELDS, setError);
        setOutcome({ tone: "error", text: unplaced ?? "Please check the highlighted fields." });
      } else {
        setOutcome({
          tone: "error",
          text: isApiError(error) ? error.message : "Your message could not be sent. Please try again.",
        });
      }
    }
  });

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to the people behind Flagline"
        lead="Questions about running Flagline, a Club or League plan, or an idea for the product: send us a message and a person will answer."
      />

      <section aria-labelledby="contact-form-title" className="py-14 sm:py-20">
        <div className="container-page grid gap-10 lg:grid-cols-[1.4fr_1fr]">
          <div className="card sm:p-8">
            <h2 id="contact-form-title" className="text-2xl font-extrabold text-stone-900">
              Write to us
            </h2>
            <p className="mt-2 text-stone-700">All fields are required.</p>

            <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
              <InputField
                label="Name"
                error={errors.name?.message}
                {...register("name")}
                type="text"
                autoComplete="name"
              />
              <InputField
                label="Email"
                error={errors.email?.message}
                {...register("email")}
                type="email"
                autoComplete="email"
                inputMode="email"
              />
              <TextAreaField
                label="Message"
                hint="At least 10 characters."
                error={errors.message?.message}
                {...register("message")}
                rows={6}
                className="input resize-y"
              />

              {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}

              <button
                type="submit"
                className="btn btn-field w-full py-3 text-base sm:w-auto sm:px-8"
                disabled={isSubmitting}
              >
                {isSubmitting ? "Sending…" : "Send message"}
              </button>
            </form>
          </div>

          <aside aria-labelledby="contact-help-title" className="space-y-6">
            <h2 id="contact-help-title" className="text-xl font-extrabold text-stone-900">
              What to expect
            </h2>
            <div className="flex gap-3">
              <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-field-700" />
              <p className="text-stone-700">
                We answer within two business days, and within one for Club and League plans.
              </p>
            </div>
            <div className="flex gap-3">
              <LifeBuoy aria-hidden="true" className="mt-1 size-5 shrink-0 text-field-700" />
              <p className="text-stone-700">
                Stuck installing or upgrading? Tell us your operating system, your Node.js version and what you saw; it
                saves a round of questions.
              </p>
            </div>
            <div className="flex gap-3">
              <Server aria-hidden="true" className="mt-1 size-5 shrink-0 text-field-700" />
              <p className="text-stone-700">
                We only use your email address to reply to this message. We never ask for your team's data.
              </p>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
