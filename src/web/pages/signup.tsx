import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch, type FieldErrors, type FieldPath, type Resolver } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { apiFetch, isApiError } from "~/lib/api";
import { parseMeResponse, type Me } from "~/lib/session";
import { dashboardPath } from "~/lib/session-paths";
import { useSession } from "~/lib/session-context";
import { CopyButton } from "~/ui/copy-button";
import { applyServerFieldErrors } from "~/ui/form-errors";
import { FieldError, FormMessage, InputField, SelectField } from "~/ui/form-field";
import { PositionChecklist, PositionOptions } from "~/ui/position-choices";
import { PASSWORD_MIN, signupSchema, type SignupInput } from "#domain/schemas";
import { AuthLayout } from "./auth-layout";

/** What the form holds: every field of both roles as typed, before the schema cleans and checks it. */
interface SignupFormValues {
  role: "" | "coach" | "player";
  fullName: string;
  email: string;
  password: string;
  /** Coach: join an existing team as an assistant (with the coach invite code) instead of creating one. */
  assistant: boolean;
  teamName: string;
  coachInviteCode: string;
  teamCode: string;
  jerseyNumber: string;
  primaryPosition: string;
  positions: string[];
}

const FORM_FIELDS: readonly FieldPath<SignupFormValues>[] = [
  "role",
  "fullName",
  "email",
  "password",
  "teamName",
  "coachInviteCode",
  "teamCode",
  "jerseyNumber",
  "primaryPosition",
  "positions",
];

const DEFAULT_VALUES: SignupFormValues = {
  role: "",
  fullName: "",
  email: "",
  password: "",
  assistant: false,
  teamName: "",
  coachInviteCode: "",
  teamCode: "",
  jerseyNumber: "",
  primaryPosition: "",
  positions: [],
};

const blankToUndefined = (value: string) => (value.trim() === "" ? undefined : value);

/** The request body for the chosen role: only that role's fields, blanks left out so the schema names them. */
function toPayload(values: SignupFormValues): Record<string, unknown> {
  const account = {
    role: values.role === "" ? undefined : values.role,
    fullName: values.fullName,
    email: values.email,
    password: values.password,
  };
  if (values.role === "coach") {
    return values.assistant
      ? { ...account, coachInviteCode: blankToUndefined(values.coachInviteCode) }
      : { ...account, teamName: blankToUndefined(values.teamName) };
  }
  if (values.role === "player") {
    return {
      ...account,
      teamCode: blankToUndefined(values.teamCode),
      jerseyNumber: blankToUndefined(values.jerseyNumber),
      primaryPosition: blankToUndefined(values.primaryPosition),
      // "Other positions": the primary one is already recorded.
      positions: values.positions.filter((p) => p !== values.primaryPosition),
    };
  }
  return account;
}

/**
 * Validates with the shared signupSchema. Until a role is chosen the schema stops at the role, so the account
 * fields are checked as a coach's would be, to report every problem in one go.
 */
const signupResolver: Resolver<SignupFormValues, unknown, SignupInput> = (values) => {
  const payload = toPayload(values);
  const result = signupSchema.safeParse(payload);
  if (result.success) return { values: result.data, errors: {} };

  const errors: FieldErrors<SignupFormValues> = {};
  const add = (name: FieldPath<SignupFormValues>, message: string) => {
    if (!(name in errors)) Object.assign(errors, { [name]: { type: "validation", message } });
  };
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name === "string" && (FORM_FIELDS as readonly string[]).includes(name)) {
      add(name as FieldPath<SignupFormValues>, issue.message);
    }
  }
  if (values.role === "") {
    const account = signupSchema.safeParse({ ...payload, role: "coach", teamName: "-" });
    if (!account.success) {
      for (const issue of account.error.issues) {
        const name = issue.path[0];
        if (name === "fullName" || name === "email" || name === "password") add(name, issue.message);
      }
    }
  }
  // An assistant coach has no team name to give: the missing piece is the invite code.
  if (values.role === "coach" && values.assistant && errors.teamName) {
    delete errors.teamName;
    add("coachInviteCode", "Coach invite code is required.");
  }
  return { values: {}, errors };
};

export default function SignupPage() {
  const navigate = useNavigate();
  const { setUser } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const [readyTeam, setReadyTeam] = useState<Me | null>(null);

  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormValues, unknown, SignupInput>({
    resolver: signupResolver,
    defaultValues: DEFAULT_VALUES,
  });
  const role = useWatch({ control, name: "role" });
  const assistant = useWatch({ control, name: "assistant" });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const payload = await apiFetch<unknown>("/api/signup", { method: "POST", json: input });
      const me = parseMeResponse(payload);
      if (!me) {
        setFormError("Your account was created, but it could not be loaded. Please log in.");
        return;
      }
      setUser(me);
      if (me.role === "coach" && me.coachRole === "head" && me.team) setReadyTeam(me);
      else await navigate(dashboardPath(me.role), { replace: true });
    } catch (error) {
      if (isApiError(error, 409) && error.code === "jersey_taken") {
        // docs/product.md §11: a number a teammate wears; the player picks another or leaves it empty.
        setError("jerseyNumber", { type: "server", message: error.message }, { shouldFocus: true });
      } else if (isApiError(error, 409)) {
        setError("email", { type: "server", message: error.message }, { shouldFocus: true });
      } else if (isApiError(error, 400)) {
        const unplaced = applyServerFieldErrors(error, FORM_FIELDS, setError);
        setFormError(unplaced ?? "Please check the highlighted fields.");
      } else if (isApiError(error, 429)) {
        // The server says how long: a minute for too many attempts, 15 minutes after too many wrong codes.
        setFormError(error.message || "Too many attempts. Please wait a minute and try again.");
      } else {
        setFormError(isApiError(error) ? error.message : "Something went wrong. Please try again.");
      }
    }
  });

  const aside = {
    title: "Your team's season, in one place",
    points: [
      "Head coaches create the team and get a code to share.",
      "Players join with that code and get their own dashboard.",
      "Free and self-hosted: the data stays on this server.",
    ],
  };

  if (readyTeam?.team) {
    return (
      <AuthLayout aside={aside}>
        <TeamReady me={readyTeam} onContinue={() => navigate("/coach/dashboard", { replace: true })} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout aside={aside}>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Create your account</h1>
      <p className="mt-2 text-stone-700">
        Already have one?{" "}
        <Link to="/login" className="font-semibold text-field-700 underline">
          Log in
        </Link>
      </p>

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6">
        <fieldset aria-describedby={errors.role ? "role-error" : undefined}>
          <legend className="label">I am signing up as</legend>
          <div className="grid grid-cols-2 gap-3">
            {(
              [
                { value: "coach", label: "I'm a coach", detail: "Create or help run a team" },
                { value: "player", label: "I'm a player", detail: "Join my team with its code" },
              ] as const
            ).map((option) => (
              <label
                key={option.value}
                className={clsx(
                  "flex cursor-pointer flex-col rounded-xl border-2 p-4 transition-colors has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-700",
                  role === option.value
                    ? "border-field-600 bg-field-50"
                    : "border-stone-300 bg-white hover:border-stone-400",
                )}
              >
                <span className="flex items-center gap-2 font-bold text-stone-900">
                  <input
                    type="radio"
                    value={option.value}
                    {...register("role")}
                    aria-invalid={errors.role ? true : undefined}
                    className="size-4 accent-field-700 focus-visible:outline-none"
                  />
                  {option.label}
                </span>
                <span className="mt-1 pl-6 text-sm text-stone-600">{option.detail}</span>
              </label>
            ))}
          </div>
          <FieldError id="role-error" message={errors.role?.message} />
        </fieldset>

        <InputField
          label="Full name"
          error={errors.fullName?.message}
          {...register("fullName")}
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
        <InputField
          label="Password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={errors.password?.message}
          {...register("password")}
          type="password"
          autoComplete="new-password"
        />

        {role === "coach" ? (
          <div className="space-y-5 rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5">
            <label className="flex items-start gap-3 text-sm font-semibold text-stone-800">
              <input type="checkbox" {...register("assistant")} className="mt-0.5 size-4 accent-field-700" />
              <span>
                I'm an assistant coach joining a team
                <span className="block font-normal text-stone-600">
                  Your head coach finds the coach invite code on their dashboard.
                </span>
              </span>
            </label>
            {assistant ? (
              <InputField
                label="Coach invite code"
                hint="Given to you by your head coach."
                error={errors.coachInviteCode?.message}
                {...register("coachInviteCode")}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="input font-mono uppercase"
              />
            ) : (
              <InputField
                label="Team name"
                hint="Creates a new team with you as its head coach."
                error={errors.teamName?.message}
                {...register("teamName")}
                type="text"
                autoComplete="organization"
              />
            )}
          </div>
        ) : null}

        {role === "player" ? (
          <div className="space-y-5 rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5">
            <InputField
              label="Team code"
              hint="Ask your coach for it."
              error={errors.teamCode?.message}
              {...register("teamCode")}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="input font-mono uppercase"
            />
            <div className="grid gap-5 sm:grid-cols-[9rem_1fr]">
              <InputField
                label="Jersey number"
                hint="0–99, or leave it empty."
                error={errors.jerseyNumber?.message}
                {...register("jerseyNumber")}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={2}
              />
              <SelectField
                label="Primary position"
                hint="Where you play most."
                error={errors.primaryPosition?.message}
                {...register("primaryPosition")}
              >
                <PositionOptions />
              </SelectField>
            </div>
            <fieldset aria-describedby={errors.positions ? "positions-error" : "positions-hint"}>
              <legend className="label">Other positions</legend>
              <p id="positions-hint" className="-mt-1 mb-2 text-sm text-stone-600">
                Optional: anywhere else you can play.
              </p>
              <PositionChecklist>
                {(p) => (
                  <label className="flex items-center gap-2.5 text-sm text-stone-800">
                    <input
                      type="checkbox"
                      value={p.key}
                      {...register("positions")}
                      className="size-4 accent-field-700"
                    />
                    {p.name}
                  </label>
                )}
              </PositionChecklist>
              <FieldError id="positions-error" message={errors.positions?.message} />
            </fieldset>
          </div>
        ) : null}

        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}

        <button type="submit" className="btn btn-field w-full py-3 text-base" disabled={isSubmitting}>
          {isSubmitting ? "Creating your account…" : "Create account"}
        </button>
      </form>
    </AuthLayout>
  );
}

/** Shown to a new head coach: the two codes to hand out, then on to the dashboard. */
function TeamReady({ me, onContinue }: { me: Me; onContinue: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const team = me.team;
  if (!team) return null;
  return (
    <section aria-labelledby="team-ready-title">
      <h1
        id="team-ready-title"
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-extrabold tracking-tight text-stone-900 outline-none"
      >
        Your team is ready
      </h1>
      <p className="mt-2 text-stone-700">
        Welcome, {me.fullName}. <span className="font-semibold">{team.name}</span> has been created with you as head
        coach. Share these codes now, or find them later on your dashboard.
      </p>

      <dl className="mt-6 space-y-4">
        <CodeRow
          label="Team code"
          code={team.code}
          copyLabel="Copy team code"
          help="Players enter this when they sign up to join your team."
        />
        {team.coachInviteCode ? (
          <CodeRow
            label="Coach invite code"
            code={team.coachInviteCode}
            copyLabel="Copy coach invite code"
            help="Only for assistant coaches: it gives them coach access to your team. Keep it out of the team chat."
          />
        ) : null}
      </dl>

      <button type="button" className="btn btn-primary mt-8 w-full py-3 text-base" onClick={onContinue}>
        Go to your dashboard
      </button>
    </section>
  );
}

function CodeRow({ label, code, copyLabel, help }: { label: string; code: string; copyLabel: string; help: string }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 p-4">
      <dt className="text-sm font-semibold text-stone-700">{label}</dt>
      <dd className="mt-1">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="font-mono text-2xl font-bold tracking-widest text-field-800">{code}</span>
          <CopyButton text={code} label={copyLabel} />
        </div>
        <p className="mt-2 text-sm text-stone-600">{help}</p>
      </dd>
    </div>
  );
}
