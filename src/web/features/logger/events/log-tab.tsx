import { useRef, useState } from "react";
import type { PlayerSummaryDto } from "#domain/api/team";
import { takesYards, type EventType } from "#domain/event-types";
import { eventPoints } from "#domain/scoring";
import { formatScore } from "~/ui/format";
import { EventList } from "./event-list";
import { EventPad } from "./event-pad";
import { newEventId } from "../outbox/new-id";
import { usePadClearance } from "../pad-clearance";
import { PlayerTiles } from "../player-tiles";
import { useUndoRest } from "../undo-rest";
import type { useOutbox } from "../outbox/use-outbox";
import { parseYards, type EventRow, type PadStatus } from "../view-model";

/**
 * The Single events mode of /coach/log: choose a player, then an event (with yards where it takes them and an
 * optional play); Undo takes back the latest; the session's events below, each deletable.
 */
export function LogTab({
  sessionId,
  roster,
  rows,
  plays,
  outbox,
  detailError,
  pendingCount,
}: {
  pendingCount: number;
  sessionId: string;
  roster: PlayerSummaryDto[];
  rows: EventRow[];
  plays: { id: string; name: string }[];
  outbox: ReturnType<typeof useOutbox>;
  detailError: string | null;
}) {
  const [playerId, setPlayerId] = useState<string | null>(null);
  const [yardsText, setYardsText] = useState("");
  const [playId, setPlayId] = useState("");
  const [status, setStatus] = useState<PadStatus | null>(null);
  const player = roster.find((p) => p.id === playerId) ?? null;
  const yards = yardsText.trim() === "-" ? null : parseYards(yardsText);
  const yardsError = yards && !yards.ok ? yards.message : null;
  const last = rows[0] ?? null;
  const undoRest = useUndoRest();
  const pad = useRef<HTMLDivElement>(null);
  usePadClearance(pad);

  const log = async (type: EventType) => {
    if (!player) {
      setStatus({ tone: "error", text: "Choose a player first." });
      return;
    }
    let eventYards: number | null = null;
    if (takesYards(type)) {
      const parsed = parseYards(yardsText);
      if (!parsed.ok) {
        setStatus({ tone: "error", text: parsed.message });
        return;
      }
      eventYards = parsed.yards;
    }
    const points = eventPoints(type, player.position);
    await outbox.engine.logEvent(
      {
        id: newEventId(),
        playerId: player.id,
        eventType: type,
        yards: eventYards,
        sessionId,
        playId: playId || null,
        occurredAt: new Date().toISOString(),
      },
      { playerName: player.name, position: player.position, points },
    );
    if (takesYards(type)) setYardsText("");
    setStatus({
      tone: "ok",
      text: `+${formatScore(points)} ${player.name} · ${type}${eventYards !== null ? ` · ${eventYards} yd` : ""}`,
    });
  };

  const remove = async (row: EventRow, verb: "Undone" | "Deleted") => {
    await outbox.engine.removeEvent({ id: row.id, sessionId, playerName: row.playerName, eventType: row.eventType });
    setStatus({ tone: "info", text: `${verb}: ${row.eventType} by ${row.playerName}` });
  };

  return (
    <>
      {detailError ? <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">{detailError}</p> : null}
      <div>
        <h2 className="sr-only">Players</h2>
        <PlayerTiles label="Players" size="roster" players={roster} selectedId={playerId} onPick={setPlayerId} />
        <div
          ref={pad}
          className="sticky bottom-0 z-10 -mx-4 mt-3 border-t border-stone-200 bg-white/95 px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-8px_rgb(0_0_0/0.18)] sm:mx-0 sm:rounded-2xl sm:border"
        >
          <h2 className="sr-only">Log an event{player ? ` for ${player.name}` : ""}</h2>
          <EventPad
            position={player?.position ?? null}
            yardsText={yardsText}
            onYardsChange={setYardsText}
            yardsError={yardsError}
            plays={plays}
            playId={playId}
            onPlayChange={setPlayId}
            status={status}
            undoLabel={last ? `${last.eventType} by ${last.playerName}` : null}
            undoing={undoRest.resting}
            onUndo={() => {
              if (last) void undoRest.run(() => remove(last, "Undone"));
            }}
            onLog={(type) => void log(type)}
            pending={pendingCount}
          />
        </div>
      </div>
      <EventList
        rows={rows}
        onDelete={(row) => void remove(row, "Deleted")}
        onDiscard={(row) => {
          if (row.seq !== null) void outbox.engine.discard(row.seq);
          setStatus({ tone: "info", text: `Discarded: ${row.eventType} by ${row.playerName}` });
        }}
      />
    </>
  );
}
