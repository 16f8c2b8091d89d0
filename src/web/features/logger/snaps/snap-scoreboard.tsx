import { ChevronLeft, CloudUpload, RotateCcw } from "lucide-react";
import { Suspense, useState } from "react";
import { MAX_PERIOD } from "#domain/limits";
import { periodCount, periodLabel, type LeagueRules } from "#domain/league-rules";
import { EndGameDialog, useOpenedOnce } from "../lazy-parts";
import type { GameScore } from "./snap-model";

/**
 * The game at the top of the logger: our score and theirs (from the server's snaps and the outbox's, so it is
 * right offline), the period with "Next half" / "Next quarter", the down when tracked, and for a game "End game"
 * (a final score, prefilled) or, once final, "Final" with "Reopen".
 */
export function SnapScoreboard({
  teamName,
  opponent,
  isGame,
  score,
  rules,
  period,
  onPeriodChange,
  onFinal,
}: {
  teamName: string;
  opponent: string | null;
  isGame: boolean;
  score: GameScore;
  rules: Pick<LeagueRules, "periodKind">;
  period: number;
  onPeriodChange: (period: number) => void;
  /** Ends the game with a score, or reopens it (null). */
  onFinal: (score: { us: number; them: number } | null) => void;
}) {
  const [ending, setEnding] = useState(false);
  const endMounted = useOpenedOnce(ending);
  const shown = score.final ?? score;
  const unit = rules.periodKind === "half" ? "half" : "quarter";
  const next = period >= periodCount(rules) ? "Overtime" : `Next ${unit}`;
  return (
    <section
      aria-label="Scoreboard"
      className="rounded-2xl border border-stone-800 bg-stone-900 px-3 py-2 text-white shadow-sm"
    >
      <div className="flex items-center gap-2">
        <p
          className="flex min-w-0 flex-1 items-baseline gap-2"
          aria-label={`${teamName} ${shown.us}, ${opponent ?? "Them"} ${shown.them}`}
        >
          <span className="min-w-0 truncate text-sm font-semibold text-stone-300">{teamName}</span>
          <span className="text-3xl leading-none font-extrabold tabular-nums" data-testid="score-us">
            {shown.us}
          </span>
          <span aria-hidden="true" className="text-xl font-bold text-stone-500">
            –
          </span>
          <span className="text-3xl leading-none font-extrabold tabular-nums" data-testid="score-them">
            {shown.them}
          </span>
          <span className="min-w-0 truncate text-sm font-semibold text-stone-300">{opponent ?? "Them"}</span>
        </p>
        {score.final ? (
          <span className="shrink-0 rounded-full bg-accent-400 px-2.5 py-1 text-xs font-extrabold text-stone-950 uppercase">
            Final
          </span>
        ) : null}
      </div>
      <div className="mt-1.5 flex flex-wrap items-center gap-1">
        {score.final ? (
          <>
            {score.final.us !== score.us || score.final.them !== score.them ? (
              <span className="text-xs text-stone-300">
                Snaps add up to {score.us}–{score.them}
              </span>
            ) : null}
            {score.finalPending ? (
              <span className="inline-flex items-center gap-1 text-xs font-bold text-accent-200">
                <CloudUpload aria-hidden="true" className="size-3.5" />
                pending
              </span>
            ) : null}
            <button type="button" className="btn btn-ghost-light ml-auto h-9 px-3 py-0" onClick={() => onFinal(null)}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Reopen
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              aria-label="Previous period"
              disabled={period <= 1}
              onClick={() => onPeriodChange(period - 1)}
              className="-ml-1.5 inline-flex size-9 items-center justify-center rounded-lg text-stone-300 hover:bg-white/10 disabled:opacity-40"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <span className="text-sm font-bold" aria-live="polite">
              {periodLabel(period, rules)}
            </span>
            <button
              type="button"
              className="btn btn-ghost-light ml-1 h-9 px-2.5 py-0"
              disabled={period >= MAX_PERIOD}
              onClick={() => onPeriodChange(period + 1)}
            >
              {next}
            </button>
            {score.down ? <span className="text-sm font-semibold text-accent-200">{score.down}</span> : null}
            {isGame ? (
              <button type="button" className="btn btn-primary ml-auto h-9 px-2.5 py-0" onClick={() => setEnding(true)}>
                End game
              </button>
            ) : null}
          </>
        )}
      </div>
      {endMounted ? (
        <Suspense fallback={null}>
          <EndGameDialog
            open={ending}
            onOpenChange={setEnding}
            live={{ us: score.us, them: score.them }}
            teamName={teamName}
            opponent={opponent}
            onSave={(final) => {
              onFinal(final);
              setEnding(false);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
