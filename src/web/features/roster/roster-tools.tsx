import { Link2, Pencil, UsersRound } from "lucide-react";
import { useState } from "react";
import { plural } from "~/ui/format";
import type { RosterEntry, RosterPrivacy } from "#domain/api/roster";
import { ImportDialog } from "./import-dialog";
import { FamilyDialog } from "./family-dialog";
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
  const [family, setFamily] = useState<RosterEntry | null>(null);

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
      <FamilyDialog
        player={family}
        onOpenChange={(open) => {
          if (!open) setFamily(null);
        }}
      />
    </>
  );

  return {
    dialogs,
    add: () => setEditing({ player: null }),
    edit: (player: RosterEntry) => setEditing({ player }),
    startImport: () => setImporting(true),
    invite: (player: RosterEntry) => setInviting(player),
    family: (player: RosterEntry) => setFamily(player),
  };
}

/** Under a name the coach added and nobody has claimed yet: a "Not claimed" badge and the Invite action. */
export function ClaimState({
  entry,
  onInvite,
}: {
  entry: RosterEntry | undefined;
  onInvite: (entry: RosterEntry) => void;
}) {
  if (!entry || entry.claimed) return null;
  return (
    <span className="mt-0.5 ml-10 flex items-center gap-2 text-xs font-semibold">
      <span className="rounded-full bg-stone-200 px-2 py-0.5 text-stone-700">Not claimed</span>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-lg px-1 py-0.5 text-field-800 underline-offset-2 hover:underline"
        aria-label={`Invite ${entry.fullName}`}
        onClick={() => onInvite(entry)}
      >
        <Link2 aria-hidden="true" className="size-3.5" /> Invite
      </button>
    </span>
  );
}

/**
 * Under a minor's name, their consent standing (docs/product.md §13): whether a guardian's consent is on record and
 * whether other families see the full name and photo. An adult (or a player with no birth date and no guardian)
 * needs none, and shows nothing. Beside the name, not in a column of its own, so the table fits a laptop's width.
 */
export function ConsentState({ privacy }: { privacy: RosterPrivacy | undefined }) {
  if (!privacy?.minor) return null;
  const [text, tone] =
    privacy.consent === "withdrawn"
      ? ["Consent withdrawn", "bg-stone-200 text-stone-800"]
      : privacy.consent === "none"
        ? ["Consent missing", "bg-amber-100 text-amber-900"]
        : privacy.shared
          ? ["Consent given · full name shared", "bg-field-100 text-field-900"]
          : ["Consent given · short name only", "bg-field-100 text-field-900"];
  return (
    <span className="mt-0.5 ml-10 block text-xs font-semibold">
      <span className={`rounded-full px-2 py-0.5 ${tone}`}>{text}</span>
    </span>
  );
}

/** A row's Edit action (an icon; its name says whom it edits). */
/** A player's family (docs/product.md §13): birth date, consent, guardians and guardian links. */
export function FamilyButton({
  entry,
  onFamily,
}: {
  entry: RosterEntry | undefined;
  onFamily: (entry: RosterEntry) => void;
}) {
  if (!entry) return null;
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 rounded-lg p-1.5 font-semibold text-field-800 hover:bg-field-50"
      aria-label={`Family of ${entry.fullName}`}
      title="Family: guardians and consent"
      onClick={() => onFamily(entry)}
    >
      <UsersRound aria-hidden="true" className="size-4" />
    </button>
  );
}

export function EditButton({
  entry,
  onEdit,
}: {
  entry: RosterEntry | undefined;
  onEdit: (entry: RosterEntry) => void;
}) {
  if (!entry) return null;
  return (
    <button
      type="button"
      className="inline-flex items-center rounded-lg p-1.5 text-field-800 hover:bg-field-50"
      aria-label={`Edit ${entry.fullName}`}
      title="Edit name, number and positions"
      onClick={() => onEdit(entry)}
    >
      <Pencil aria-hidden="true" className="size-4" />
    </button>
  );
}
