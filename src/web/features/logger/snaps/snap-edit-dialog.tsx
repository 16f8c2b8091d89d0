import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { MAX_PERIOD } from "#domain/limits";
import { MAX_YARDS, MIN_YARDS } from "#domain/limits";
import { periodLabel, type LeagueRules } from "#domain/league-rules";
import {
  describeSnap,
  OPPONENT_SCORES,
  participantsOfSnap,
  SNAP_KINDS,
  snapProblems,
  type PlayerLabel,
  type SnapDetail,
  type SnapKind,
} from "#domain/snaps";
import { controlProps, FormField, FormMessage } from "~/ui/form-field";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { YardChips, yardsText } from "~/ui/snap-yards";
import type { OutboxSnapEdit } from "../outbox/outbox";
import { PlayPicker } from "../play-picker";
import type { PlayOption } from "../queries";
import type { LineupPlayer, SnapRow } from "./snap-model";
import { ChoiceChips } from "./snap-buttons";

const KIND_LABELS: Record<SnapKind, string> = {
  pass: "Pass",
  run: "Run",
  try: "Try",
  penalty: "Penalty",
  flag_pull: "Flag pull",
  sack: "Sack",
  interception: "Interception",
  pass_defended: "Pass defended",
  stop: "Defensive stop",
  safety: "Safety for us",
  opponent_score: "Opponent score",
};

const RESULTS = [
  { value: "complete", label: "Complete" },
  { value: "incomplete", label: "Incomplete" },
  { value: "drop", label: "Drop" },
  { value: "intercepted", label: "Intercepted" },
  { value: "touchdown", label: "Touchdown" },
] as const;

const OPPONENT_LABELS: Record<(typeof OPPONENT_SCORES)[number], string> = {
  touchdown: "Touchdown",
  try1: "Try for 1",
  try2: "Try for 2",
  safety: "Safety",
};

/** A snap of another kind, keeping the players of the one it was (the first as passer, runner or defender). */
function detailOfKind(kind: SnapKind, prev: SnapDetail): SnapDetail {
  if (kind === prev.kind) return prev;
  const people = participantsOfSnap(prev).map((p) => p.playerId);
  const first = people[0] ?? "";
  const yards = "yards" in prev && prev.kind !== "penalty" ? prev.yards : null;
  switch (kind) {
    case "pass":
      return { kind, passerId: first, targetId: people[1] ?? null, result: "complete", yards };
    case "run":
      return { kind, runnerId: first, yards, touchdown: false };
    case "try":
      return { kind, points: 1, method: "pass", good: true, passerId: first || null, scorerId: people[1] ?? null };
    case "penalty":
      return { kind, on: "them", yards: 5, effect: "none", playerId: null };
    case "flag_pull":
      return { kind, defenderId: first, yards };
    case "interception":
      return { kind, defenderId: first, returnTouchdown: false, yards };
    case "sack":
    case "pass_defended":
    case "stop":
      return { kind, defenderId: first };
    case "safety":
      return { kind, defenderId: first || null };
    case "opponent_score":
      return { kind, score: "touchdown" };
  }
}

/** What stops the snap from being saved, in the form's words (the server says the same: snapProblems). */
function problemsOf(d: SnapDetail): string[] {
  const missing: string[] = [];
  if (d.kind === "pass" && !d.passerId) missing.push("Choose the passer.");
  if (d.kind === "run" && !d.runnerId) missing.push("Choose the runner.");
  if ("defenderId" in d && d.kind !== "safety" && !d.defenderId) missing.push("Choose the defender.");
  return [...missing, ...snapProblems(d).map(([, message]) => message)];
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-semibold text-stone-800">{label}</p>
      {children}
    </div>
  );
}

/**
 * Edits any snap with the pad's own controls, prefilled: the players, the result, the yards (chips and the
 * keypad, never the phone's keyboard), the period, the play and "Crossed midfield". Saved through the outbox
 * (a PUT, or a rewrite of a snap not sent yet), so it works offline; the score and stats recompute.
 */
export function SnapEditDialog({
  row,
  onOpenChange,
  players,
  label,
  rules,
  plays,
  onSave,
}: {
  row: SnapRow | null;
  onOpenChange: (open: boolean) => void;
  players: readonly LineupPlayer[];
  label: PlayerLabel;
  rules: LeagueRules;
  plays: readonly PlayOption[];
  onSave: (row: SnapRow, edit: OutboxSnapEdit) => void;
}) {
  return (
    <SheetDialog open={row !== null} onOpenChange={onOpenChange} size="lg">
      <SheetHeader title="Edit snap" />
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        {row ? describeSnap(row.detail, label) : null}
      </Dialog.Description>
      {row ? (
        <SnapForm
          key={row.id}
          row={row}
          players={players}
          label={label}
          rules={rules}
          plays={plays}
          onSave={(edit) => onSave(row, edit)}
        />
      ) : null}
    </SheetDialog>
  );
}

function SnapForm({
  row,
  players,
  label,
  rules,
  plays,
  onSave,
}: {
  row: SnapRow;
  players: readonly LineupPlayer[];
  label: PlayerLabel;
  rules: LeagueRules;
  plays: readonly PlayOption[];
  onSave: (edit: OutboxSnapEdit) => void;
}) {
  const [detail, setDetail] = useState<SnapDetail>(row.detail);
  const [period, setPeriod] = useState(row.period);
  const [firstDown, setFirstDown] = useState(row.firstDown);
  const [playId, setPlayId] = useState(row.playId ?? "");
  const [tried, setTried] = useState(false);
  const problems = problemsOf(detail);

  // Players named by the snap stay choosable even if they are no longer on the roster.
  const known = new Set(players.map((p) => p.id));
  const options = [
    ...players.map((p) => ({ value: p.id, label: label(p.id) })),
    ...participantsOfSnap(row.detail)
      .filter((p) => !known.has(p.playerId))
      .map((p) => ({ value: p.playerId, label: label(p.playerId) })),
  ];
  const pick = (title: string, value: string | null, onChange: (id: string | null) => void, none?: string) => (
    <Field label={title}>
      <ChoiceChips
        label={title}
        options={none ? [{ value: "", label: none }, ...options] : options}
        value={value ?? ""}
        onChange={(id) => onChange(id === "" ? null : id)}
      />
    </Field>
  );
  const yardsField = (title: string, value: number | null, onChange: (yards: number | null) => void) => (
    <Field label={`${title}: ${value === null ? "none" : yardsText(value)}`}>
      <YardChips label={title} min={MIN_YARDS} max={MAX_YARDS} selected={value} onPick={onChange} />
    </Field>
  );

  let fields: ReactNode = null;
  switch (detail.kind) {
    case "pass": {
      const d = detail;
      const yardsAllowed = d.result === "complete" || d.result === "touchdown";
      fields = (
        <>
          {pick("Passer", d.passerId || null, (id) => setDetail({ ...d, passerId: id ?? "" }))}
          {pick("Receiver", d.targetId, (id) => setDetail({ ...d, targetId: id }), "No target")}
          <Field label="Result">
            <ChoiceChips
              label="Result"
              options={RESULTS}
              value={d.result}
              onChange={(result) =>
                setDetail({
                  ...d,
                  result,
                  yards: result === "complete" || result === "touchdown" ? d.yards : null,
                })
              }
            />
          </Field>
          {yardsAllowed ? yardsField("Yards", d.yards, (yards) => setDetail({ ...d, yards })) : null}
        </>
      );
      break;
    }
    case "run": {
      const d = detail;
      fields = (
        <>
          {pick("Runner", d.runnerId || null, (id) => setDetail({ ...d, runnerId: id ?? "" }))}
          <Field label="Result">
            <ChoiceChips
              label="Run result"
              options={[
                { value: "gain", label: "Gain" },
                { value: "td", label: "Touchdown" },
              ]}
              value={d.touchdown ? "td" : "gain"}
              onChange={(v) => setDetail({ ...d, touchdown: v === "td" })}
            />
          </Field>
          {yardsField("Yards", d.yards, (yards) => setDetail({ ...d, yards }))}
        </>
      );
      break;
    }
    case "try": {
      const d = detail;
      fields = (
        <>
          <Field label="Try for">
            <ChoiceChips
              label="Try for"
              options={[
                { value: 1, label: "1" },
                { value: 2, label: "2" },
              ]}
              value={d.points}
              onChange={(points) => setDetail({ ...d, points })}
            />
          </Field>
          <Field label="Try by">
            <ChoiceChips
              label="Try by"
              options={[
                { value: "pass", label: "Pass" },
                { value: "run", label: "Run" },
              ]}
              value={d.method}
              onChange={(method) => setDetail({ ...d, method, passerId: method === "run" ? null : d.passerId })}
            />
          </Field>
          <Field label="Good?">
            <ChoiceChips
              label="Good?"
              options={[
                { value: "good", label: "Good" },
                { value: "no", label: "No good" },
              ]}
              value={d.good ? "good" : "no"}
              onChange={(v) => setDetail({ ...d, good: v === "good" })}
            />
          </Field>
          {d.method === "pass" ? pick("Passer", d.passerId, (id) => setDetail({ ...d, passerId: id }), "No one") : null}
          {pick(
            d.method === "pass" ? "Receiver" : "Runner",
            d.scorerId,
            (id) => setDetail({ ...d, scorerId: id }),
            "No one",
          )}
        </>
      );
      break;
    }
    case "penalty": {
      const d = detail;
      fields = (
        <>
          <Field label="On">
            <ChoiceChips
              label="Penalty on"
              options={[
                { value: "them", label: "Them" },
                { value: "us", label: "Us" },
              ]}
              value={d.on}
              onChange={(on) => setDetail({ ...d, on, playerId: on === "them" ? null : d.playerId })}
            />
          </Field>
          <Field label="Yards">
            <ChoiceChips
              label="Penalty yards"
              options={[0, 5, 10, 15].map((y) => ({ value: y, label: String(y) }))}
              value={d.yards}
              onChange={(yards) => setDetail({ ...d, yards })}
            />
          </Field>
          <Field label="Effect">
            <ChoiceChips
              label="Effect"
              options={[
                { value: "none", label: "None" },
                { value: "loss_of_down", label: "Loss of down" },
                { value: "first_down", label: "First down" },
              ]}
              value={d.effect}
              onChange={(effect) => setDetail({ ...d, effect })}
            />
          </Field>
          {d.on === "us" ? pick("Player", d.playerId, (id) => setDetail({ ...d, playerId: id }), "No one") : null}
        </>
      );
      break;
    }
    case "flag_pull":
    case "interception":
    case "sack":
    case "pass_defended":
    case "stop": {
      const d = detail;
      fields = (
        <>
          {pick("Defender", d.defenderId || null, (id) => setDetail({ ...d, defenderId: id ?? "" }))}
          {d.kind === "interception" ? (
            <Field label="Return">
              <ChoiceChips
                label="Return"
                options={[
                  { value: "no", label: "Returned" },
                  { value: "td", label: "Returned for TD" },
                ]}
                value={d.returnTouchdown ? "td" : "no"}
                onChange={(v) => setDetail({ ...d, returnTouchdown: v === "td" })}
              />
            </Field>
          ) : null}
          {d.kind === "flag_pull" || d.kind === "interception"
            ? yardsField(d.kind === "interception" ? "Return yards" : "Yards", d.yards, (yards) =>
                setDetail({ ...d, yards }),
              )
            : null}
        </>
      );
      break;
    }
    case "safety": {
      const d = detail;
      fields = pick("Defender", d.defenderId, (id) => setDetail({ ...d, defenderId: id }), "No one");
      break;
    }
    case "opponent_score": {
      const d = detail;
      fields = (
        <Field label="Their score">
          <ChoiceChips
            label="Their score"
            options={OPPONENT_SCORES.map((score) => ({ value: score, label: OPPONENT_LABELS[score] }))}
            value={d.score}
            onChange={(score) => setDetail({ ...d, score })}
          />
        </Field>
      );
      break;
    }
  }

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (problems.length > 0) return;
        onSave({ playId: playId || null, period, firstDown, detail });
      }}
    >
      <FormField label="What happened">
        {(field) => (
          <select
            {...controlProps(field)}
            value={detail.kind}
            onChange={(e) => setDetail(detailOfKind(e.target.value as SnapKind, detail))}
            className="input"
          >
            {SNAP_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {fields}
      <Field label="Period">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="btn btn-secondary h-10 w-10 px-0"
            aria-label="Earlier period"
            disabled={period <= 1}
            onClick={() => setPeriod(period - 1)}
          >
            −
          </button>
          <output aria-live="polite" className="min-w-24 text-center font-bold">
            {periodLabel(period, rules)}
          </output>
          <button
            type="button"
            className="btn btn-secondary h-10 w-10 px-0"
            aria-label="Later period"
            disabled={period >= MAX_PERIOD}
            onClick={() => setPeriod(period + 1)}
          >
            +
          </button>
        </div>
      </Field>
      {rules.trackDowns ? (
        <ChoiceChips
          label="Crossed midfield"
          options={[{ value: "yes", label: "Crossed midfield" }]}
          value={firstDown ? "yes" : null}
          onChange={() => setFirstDown(!firstDown)}
        />
      ) : null}
      <PlayPicker layout="stacked" plays={plays} playId={playId} onChange={setPlayId} />
      {tried && problems.length > 0 ? <FormMessage tone="error">{problems.join(" ")}</FormMessage> : null}
      <button type="submit" className="btn btn-field h-12 w-full text-base">
        Save snap
      </button>
    </form>
  );
}
