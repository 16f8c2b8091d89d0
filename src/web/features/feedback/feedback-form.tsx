import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "#domain/zod";
import { FormCard } from "~/ui/app-page";
import { submitErrorMessage } from "~/ui/form-errors";
import { FormOutcome, SelectField, TextAreaField, useFormOutcome, ValueOptions } from "~/ui/form-field";
import {
  createFeedbackSchema,
  FEEDBACK_CATEGORIES,
  MAX_FEEDBACK_BODY,
  type FeedbackListResponse,
} from "#domain/api/player";
import { teamKeys } from "~/lib/query-keys";
import { giveFeedback } from "./api";

/** The API's own rules; the category starts blank ("Choose a category") and must become one of the list. */
const feedbackFormSchema = z.object({
  category: z.string().pipe(createFeedbackSchema.shape.category),
  body: createFeedbackSchema.shape.body,
});
type FeedbackFormInput = z.input<typeof feedbackFormSchema>;
type FeedbackFormOutput = z.output<typeof feedbackFormSchema>;
const FIELDS = ["category", "body"] as const;

/** A coach writes feedback for one player: a category and up to 2,000 characters, with a running count. */
export function FeedbackForm({ playerId, playerName }: { playerId: string; playerName: string | null }) {
  const queryClient = useQueryClient();
  const { formError, setFormError, notice, setNotice, clear } = useFormOutcome();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<FeedbackFormInput, unknown, FeedbackFormOutput>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: { category: "", body: "" },
  });
  const body = useWatch({ control, name: "body" });
  const length = body.length;

  const send = useMutation({
    mutationFn: (input: FeedbackFormOutput) => giveFeedback(playerId, input),
    onSuccess: (feedback) => {
      queryClient.setQueryData<FeedbackListResponse>(teamKeys.playerFeedback(playerId), (old) =>
        old
          ? {
              unreadCount: old.unreadCount + 1,
              feedback: [feedback, ...old.feedback.filter((f) => f.id !== feedback.id)],
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: teamKeys.playerAll(playerId) });
      reset({ category: "", body: "" });
      setNotice(
        `Feedback sent. ${playerName ?? "The player"} sees it on their dashboard, marked New until they read it.`,
      );
    },
    onError: (error) => {
      setFormError(submitErrorMessage(error, FIELDS, setError, "Your feedback could not be sent. Please try again."));
    },
  });

  const onSubmit = handleSubmit((input) => {
    clear();
    send.mutate(input);
  });

  return (
    <FormCard
      title="Write feedback"
      lead={
        <>
          Say what went well and what to work on next. {playerName ? `${playerName} reads` : "The player reads"} it on
          their dashboard; other coaches of the team see it here.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
        <SelectField
          label="Category"
          error={errors.category?.message}
          fieldClassName="max-w-xs"
          {...register("category")}
        >
          <option value="">Choose a category</option>
          <ValueOptions values={FEEDBACK_CATEGORIES} />
        </SelectField>
        <TextAreaField
          label="Feedback"
          error={errors.body?.message}
          {...register("body")}
          rows={6}
          className="input min-h-32 resize-y"
          count={{ length, max: MAX_FEEDBACK_BODY }}
        />
        <FormOutcome error={formError} notice={notice} />
        <button type="submit" className="btn btn-field" disabled={send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? "Sending…" : "Send feedback"}
        </button>
      </form>
    </FormCard>
  );
}
