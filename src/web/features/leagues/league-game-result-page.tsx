import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useState } from "react";
import type { LeagueGameResultDetail } from "#domain/api/league-results";
import { isApiError } from "~/lib/api";
import { leagueKeys, leagueResultKeys } from "~/lib/query-keys";
import { leagueGameResultQuery } from "./queries";
import { AppPageHeader, Panel } from "~/ui/app-page";
import { FormOutcome, InputField, SelectField } from "~/ui/form-field";
import { formatDateTime, formatDay } from "~/ui/format";
import { describeError, QueryState } from "~/ui/query-state";
import { clearResult, setResult } from "./api";
import { resultWords } from "./result-words";

type Book = NonNullable<LeagueGameResultDetail["homeBook"]>;

/**
 * /league-games/:id (docs/product.md §17): a league game's result, both teams' scoring plays side by side with the
 * first one where they part, its audit log, and for the league's admins the result form.
 */
export function LeagueGameResultPage({ gameId }: { gameId: string }) {
  const detail = useQuery(leagueGameResultQuery(gameId));
  return (
    <QueryState
      query={detail}
      loading="Loading the game..."
      errorTitle="Game unavailable"
      errorMessage="This league game could not be loaded."
    >
      {(data) => <ResultView detail={data} />}
    </QueryState>
  );
}

function ResultView({ detail }: { detail: LeagueGameResultDetail }) {
  const { game } = detail;
  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow="League game"
        title={`${game.homeTeam} v ${game.awayTeam}`}
        lead={`${formatDay(game.date)} at ${game.startTime}. ${resultWords(detail.result)}.`}
      />
      <Panel title="The two scorebooks">
        <div className="grid gap-6 md:grid-cols-2">
          <BookColumn title={`${game.homeTeam}'s book`} book={detail.homeBook} parts={detail.firstDivergence} />
          <BookColumn title={`${game.awayTeam}'s book`} book={detail.awayBook} parts={detail.firstDivergence} />
        </div>
        {detail.firstDivergence !== null ? (
          <p className="mt-3 text-sm font-semibold text-red-800">
            The books part at scoring play {detail.firstDivergence + 1}.
          </p>
        ) : null}
      </Panel>
      {detail.canDecide ? <AdminResultForm detail={detail} /> : null}
      <Panel title="History">
        {detail.log.length === 0 ? (
          <p>No decisions yet.</p>
        ) : (
          <ol className="space-y-1 text-sm">
            {detail.log.map((entry, i) => (
              <li key={i}>
                {formatDateTime(entry.at)}: {entry.by} {entry.action}
                {entry.home !== null ? ` ${entry.home}–${entry.away}` : ""}
                {entry.forfeit ? ` (${entry.forfeit} forfeited)` : ""}
                {entry.note ? `: “${entry.note}”` : ""}
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </div>
  );
}

/** A book's scoring plays with the running score after each. */
function runningScores(book: Book): { home: number; away: number }[] {
  const out: { home: number; away: number }[] = [];
  for (const play of book.plays) {
    const last = out.at(-1) ?? { home: 0, away: 0 };
    out.push({ home: last.home + play.home, away: last.away + play.away });
  }
  return out;
}

function BookColumn({ title, book, parts }: { title: string; book: Book | null; parts: number | null }) {
  const running = book ? runningScores(book) : [];
  return (
    <section aria-label={title}>
      <h3 className="font-semibold text-stone-900">{title}</h3>
      {book === null ? (
        <p className="text-sm text-stone-600">Not ended on Flagline.</p>
      ) : (
        <>
          <ol className="mt-1 space-y-1 text-sm">
            {book.plays.map((play, i) => (
              <li
                key={i}
                aria-current={i === parts ? "true" : undefined}
                className={clsx(
                  "rounded px-2 py-1",
                  i === parts ? "bg-red-50 font-semibold text-red-900" : "bg-stone-50",
                )}
              >
                Period {play.period} · {play.kind.replace(/_/g, " ")} · {running[i]!.home}–{running[i]!.away}
                {i === parts ? " · the books part here" : ""}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-sm font-semibold">
            Final {book.home}–{book.away}
          </p>
        </>
      )}
    </section>
  );
}

function AdminResultForm({ detail }: { detail: LeagueGameResultDetail }) {
  const queryClient = useQueryClient();
  const { game } = detail;
  const [home, setHome] = useState(String(detail.result.home ?? detail.homeBook?.home ?? ""));
  const [away, setAway] = useState(String(detail.result.away ?? detail.homeBook?.away ?? ""));
  const [forfeit, setForfeit] = useState<"" | "home" | "away">("");
  const [note, setNote] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const done = (next: LeagueGameResultDetail, words: string) => {
    queryClient.setQueryData(leagueResultKeys.game(game.id), next);
    void queryClient.invalidateQueries({ queryKey: leagueKeys.games(game.id) });
    setNotice(words);
  };
  const save = useMutation({
    mutationFn: () =>
      setResult(game.id, {
        homeScore: Number(home),
        awayScore: Number(away),
        forfeit: forfeit === "" ? null : forfeit,
        note: note.trim() || null,
      }),
    onMutate: () => setNotice(null),
    onSuccess: (next) => done(next, "Result saved."),
  });
  const clear = useMutation({
    mutationFn: () => clearResult(game.id),
    onMutate: () => setNotice(null),
    onSuccess: (next) => done(next, "Your result is taken back: the scorebooks decide."),
  });
  const fields = isApiError(save.error) ? save.error.fields : {};
  return (
    <Panel title="Decide the result">
      <form
        className="grid gap-3 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <InputField
          label={`${game.homeTeam} (home)`}
          type="number"
          inputMode="numeric"
          min={0}
          value={home}
          error={fields.homeScore}
          onChange={(e) => setHome(e.target.value)}
        />
        <InputField
          label={`${game.awayTeam} (away)`}
          type="number"
          inputMode="numeric"
          min={0}
          value={away}
          error={fields.awayScore}
          onChange={(e) => setAway(e.target.value)}
        />
        <SelectField
          label="Forfeit"
          value={forfeit}
          error={fields.forfeit}
          onChange={(e) => setForfeit(e.target.value as "" | "home" | "away")}
        >
          <option value="">No forfeit</option>
          <option value="home">{game.homeTeam} forfeited</option>
          <option value="away">{game.awayTeam} forfeited</option>
        </SelectField>
        <InputField
          label="Note for the history"
          maxLength={300}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            Save result
          </button>
          {detail.result.source === "admin" ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={clear.isPending}
              onClick={() => clear.mutate()}
            >
              Take my result back
            </button>
          ) : null}
        </div>
      </form>
      <FormOutcome
        error={
          save.error && Object.keys(fields).length === 0
            ? describeError(save.error, "The result could not be saved.")
            : clear.error
              ? describeError(clear.error, "Not taken back.")
              : null
        }
        notice={notice}
      />
    </Panel>
  );
}
