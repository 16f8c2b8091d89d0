import { Link2, Pencil } from "lucide-react";
import { useState } from "react";
import { plural } from "~/ui/format";
import type { RosterEntry } from "#domain/api/roster";
import { ImportDialog } from "./import-dialog";
import { InviteDialog } from "./invite-dialog";
import { PlayerDialog } from "./player-dialog";

/**
 * The roster's dialogs (docs/product.md §11): add or edit a player, import many, and a player's invite link. A
 * player just added goes straight to their invite. `notify` tells the page what happened.
 */
export function useRosterTools(
  roster: readonly RosterEntry[] | undefined,
  refresh: () => void,
  notify: (notice: string) => void,
) {
  const [editing, setEditing] = useState<{ player: RosterEntry | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [inviting, setInviting] = useState<RosterEntry | null>(null);

  const dialogs = (
    <>
      <PlayerDialog
        open={editing !== null}
        player={editing?.player ?? null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSaved={(saved, added) => {
          setEditing(null);
          refresh();
          if (added) {
            notify(`${saved.fullName} was added. Send them their invite link.`);
            setInviting(saved);
          } else notify(`${saved.fullName} was saved.`);
        }}
      />
      <ImportDialog
        open={importing}
        onOpenChange={setImporting}
        roster={roster ?? []}
        onImported={(players) => {
          setImporting(false);
          refresh();
          notify(`${plural(players.length, "player")} imported. Send each their invite link from the table.`);
        }}
      />
      <InviteDialog
        player={inviting}
        onOpenChange={(open) => {
          if (!open) setInviting(null);
        }}
        onRenewed={refresh}
      />
    </>
  );

  return {
    dialogs,
    add: () => setEditing({ player: null }),
    edit: (player: RosterEntry) => setEditing({ player }),
    startImport: () => setImporting(true),
    invite: (player: RosterEntry) => setInviting(player),
  };
}

const ACTION = "inline-flex items-center gap-1 rounded-lg px-1.5 py-1 font-semibold text-field-800 hover:bg-field-50";

/** A row's Invite (while nobody has claimed it) and Edit actions. */
export function RowActions({
  entry,
  onInvite,
  onEdit,
}: {
  entry: RosterEntry | undefined;
  onInvite: (entry: RosterEntry) => void;
  onEdit: (entry: RosterEntry) => void;
}) {
  if (!entry) return null;
  return (
    <>
      {!entry.claimed ? (
        <button
          type="button"
          className={ACTION}
          aria-label={`Invite ${entry.fullName}`}
          onClick={() => onInvite(entry)}
        >
          <Link2 aria-hidden="true" className="size-4" /> Invite
        </button>
      ) : null}
      <button type="button" className={ACTION} aria-label={`Edit ${entry.fullName}`} onClick={() => onEdit(entry)}>
        <Pencil aria-hidden="true" className="size-4" /> Edit
      </button>
    </>
  );
}
