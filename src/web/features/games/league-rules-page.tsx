import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Plus, RotateCcw, Save, Scale, X } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useForm, useWatch, type FieldPath } from "react-hook-form";
import { Link } from "react-router";
import { leagueRulesSchema } from "#domain/api/league-rules";
import { DEFAULT_LEAGUE_RULES, type LeagueRules } from "#domain/league-rules";
import { z } from "#domain/zod";
import { ApiError, isApiError } from "~/lib/api";
import { rulesQuery } from "~/lib/queries";
import { TEAM_ROOT_KEY, teamKeys } from "~/lib/query-keys";
import { useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, FormCard, NoTeamPanel } from "~/ui/app-page";
import { submitErrorMessage } from "~/ui/form-errors";
import { FieldError, FormOutcome, InputField, useFormOutcome } from "~/ui/form-field";
import { QueryState } from "~/ui/query-state";
import { SegmentedControl } from "~/ui/segmented-control";
import { saveLeagueRules } from "./api";

/** At most this many no-run zones (the API's limit). */
const MAX_ZONES = 4;

/**
 * The API's own rules (PUT /api/team/rules); the no-run zones are objects here because a field array keys its rows
 * by object, so removing a zone in the middle never leaves another zone's text behind.
 */
const rulesFormSchema = leagueRulesSchema.extend({
  noRunZones: z
    .array(z.object({ label: leagueRulesSchema.shape.noRunZones.element }))
    .max(MAX_ZONES, { error: `At most ${MAX_ZONES} no-run zones.` }),
});
type RulesFormInput = z.input<typeof rulesFormSchema>;
type RulesFormOutput = z.output<typeof rulesFormSchema>;

const SCALAR_FIELDS = [
  "periodKind",
  "touchdownPoints",
  "tryOneYards",
  "tryTwoYards",
  "safetyPoints",
  "trackDowns",
  "downsToMidfield",
  "downsToScore",
  "noRunZones",
  "playersOnField",
  "minSnapsPerPeriod",
] as const satisfies readonly FieldPath<RulesFormInput>[];

const PERIOD_OPTIONS = [
  { value: "half", label: "Two halves" },
  { value: "quarter", label: "Four quarters" },
] as const;

function toForm(rules: LeagueRules): RulesFormInput {
  return { ...rules, noRunZones: rules.noRunZones.map((label) => ({ label })) };
}

function fromForm(values: RulesFormOutput): LeagueRules {
  return { ...values, noRunZones: values.noRunZones.map((zone) => zone.label) };
}

/** An empty number field is "no minimum". */
function blankAsNull(value: unknown): number | null {
  if (value === "" || value === null || value === undefined) return null;
  return typeof value === "number" ? value : Number(value);
}

/** The API names a zone's message `noRunZones.1`; the form's field is `noRunZones.1.label`. */
function withZoneFields(error: unknown): unknown {
  if (!isApiError(error, 400)) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([key, message]) => [
      /^noRunZones\.\d+$/.test(key) ? `${key}.label` : key,
      message,
    ]),
  );
  return new ApiError(error.status, { code: error.code, message: error.message, fields });
}

/**
 * /coach/games/rules: the team's league rules (docs/product.md §2). How a game is split, what scores are worth, the
 * try distances, and whether the logger tracks downs; NFL FLAG 5-on-5 until a coach changes them.
 */
export function LeagueRulesPage() {
  const me = useCurrentUser();
  const hasTeam = me.team !== null;
  const rules = useQuery({ ...rulesQuery(), enabled: hasTeam });
  return (
    <div className="space-y-8">
      <Link
        to="/coach/games"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-field-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All games
      </Link>
      <AppPageHeader
        eyebrow={me.team?.name}
        title="League rules"
        lead="How your league splits a game and scores it. The Event Logger and every box score follow these rules."
      />
      {hasTeam ? (
        <QueryState
          query={rules}
          loading="Loading the league rules..."
          errorTitle="Error loading the league rules"
          errorMessage="The league rules could not be loaded. Please try again."
        >
          {(data) => <LeagueRulesForm rules={data.rules} />}
        </QueryState>
      ) : (
        <NoTeamPanel />
      )}
    </div>
  );
}

function LeagueRulesForm({ rules }: { rules: LeagueRules }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { formError, setFormError, notice, setNotice, clear } = useFormOutcome();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    setValue,
    formState: { errors, isDirty },
  } = useForm<RulesFormInput, unknown, RulesFormOutput>({
    resolver: zodResolver(rulesFormSchema),
    defaultValues: toForm(rules),
  });
  const zones = useFieldArray({ control, name: "noRunZones" });
  const periodKind = useWatch({ control, name: "periodKind" });

  const save = useMutation({
    mutationFn: (values: RulesFormOutput) => saveLeagueRules(fromForm(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamKeys.rules(), { rules: saved });
      // Game sheets and scoreboards carry the rules (period names); everything else of the team may follow them.
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY, predicate: (q) => q.queryKey[1] !== "rules" });
      reset(toForm(saved));
      setNotice("League rules saved. Snaps already logged keep their points; new and edited snaps follow these rules.");
    },
    onError: (error) => {
      const fields: FieldPath<RulesFormInput>[] = [
        ...SCALAR_FIELDS,
        ...zones.fields.map((_, i) => `noRunZones.${i}.label` as const),
      ];
      setFormError(
        submitErrorMessage(
          withZoneFields(error),
          fields,
          setError,
          "The league rules could not be saved. Please try again.",
        ),
      );
    },
  });

  const onSubmit = handleSubmit((values) => {
    clear();
    save.mutate(values);
  });

  const number = { valueAsNumber: true } as const;
  const numberInput = { type: "number", inputMode: "numeric", className: "input max-w-32" } as const;
  const zonesError = errors.noRunZones?.message ?? errors.noRunZones?.root?.message;

  return (
    <FormCard
      title="Rules"
      icon={<Scale aria-hidden="true" className="size-5 text-field-700" />}
      lead="NFL FLAG 5-on-5 rules until you change them."
    >
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-8">
        <div>
          <SegmentedControl
            legend="Periods"
            options={PERIOD_OPTIONS}
            value={periodKind}
            onChange={(value) => setValue("periodKind", value, { shouldDirty: true })}
          />
          <FieldError message={errors.periodKind?.message} />
        </div>

        <fieldset className="space-y-4">
          <legend className="text-base font-bold text-stone-900">Scoring</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label="Touchdown points"
              error={errors.touchdownPoints?.message}
              {...register("touchdownPoints", number)}
              {...numberInput}
            />
            <InputField
              label="Safety points"
              error={errors.safetyPoints?.message}
              {...register("safetyPoints", number)}
              {...numberInput}
            />
            <InputField
              label="Try for 1 distance"
              hint="Yards from the goal line."
              error={errors.tryOneYards?.message}
              {...register("tryOneYards", number)}
              {...numberInput}
            />
            <InputField
              label="Try for 2 distance"
              hint="Yards from the goal line."
              error={errors.tryTwoYards?.message}
              {...register("tryTwoYards", number)}
              {...numberInput}
            />
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-base font-bold text-stone-900">Downs</legend>
          <div>
            <label className="flex items-center gap-2.5 text-sm font-semibold text-stone-800">
              <input
                type="checkbox"
                {...register("trackDowns")}
                aria-describedby={`${id}-track-hint`}
                className="size-4 accent-field-700"
              />
              Track downs
            </label>
            <p id={`${id}-track-hint`} className="mt-1 text-sm text-stone-600">
              The Event Logger counts downs and shows down and distance. Off by default: many leagues have no one to
              count them.
            </p>
            <FieldError message={errors.trackDowns?.message} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label="Downs to cross midfield"
              error={errors.downsToMidfield?.message}
              {...register("downsToMidfield", number)}
              {...numberInput}
            />
            <InputField
              label="Downs to score"
              hint="Once past midfield."
              error={errors.downsToScore?.message}
              {...register("downsToScore", number)}
              {...numberInput}
            />
          </div>
          <fieldset aria-describedby={`${id}-zones-hint`}>
            <legend className="label">No-run zones</legend>
            <p id={`${id}-zones-hint`} className="-mt-1 mb-2 text-sm text-stone-600">
              Shown on the logger's run button when downs are tracked. At most {MAX_ZONES}.
            </p>
            <ul className="space-y-2">
              {zones.fields.map((zone, index) => (
                <li key={zone.id} className="flex items-start gap-2">
                  <InputField
                    label={`No-run zone ${index + 1}`}
                    fieldClassName="flex-1"
                    error={errors.noRunZones?.[index]?.label?.message}
                    {...register(`noRunZones.${index}.label`)}
                    type="text"
                    maxLength={60}
                    autoComplete="off"
                  />
                  <button
                    type="button"
                    className="btn btn-secondary mt-7 px-3"
                    aria-label={`Remove no-run zone ${index + 1}`}
                    onClick={() => zones.remove(index)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
            <FieldError message={zonesError} />
            <button
              type="button"
              className="btn btn-secondary mt-3"
              disabled={zones.fields.length >= MAX_ZONES}
              onClick={() => zones.append({ label: "" })}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add a no-run zone
            </button>
          </fieldset>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-base font-bold text-stone-900">Playing time</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label="Players on the field"
              hint="The logger's lineup holds this many."
              error={errors.playersOnField?.message}
              {...register("playersOnField", number)}
              {...numberInput}
            />
            <InputField
              label={`Minimum snaps per ${periodKind === "quarter" ? "quarter" : "half"}`}
              hint="Each player's minimum in each period. Leave empty for no minimum."
              error={errors.minSnapsPerPeriod?.message}
              {...register("minSnapsPerPeriod", { setValueAs: blankAsNull })}
              {...numberInput}
            />
          </div>
        </fieldset>

        <FormOutcome error={formError} notice={notice} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-field" disabled={save.isPending}>
            <Save aria-hidden="true" className="size-4" />
            {save.isPending ? "Saving…" : "Save rules"}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => reset(toForm(DEFAULT_LEAGUE_RULES), { keepDefaultValues: true })}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Use NFL FLAG defaults
          </button>
          {isDirty && !save.isPending ? (
            <button type="button" className="btn btn-secondary" onClick={() => reset(toForm(rules))}>
              Undo changes
            </button>
          ) : null}
        </div>
      </form>
    </FormCard>
  );
}
