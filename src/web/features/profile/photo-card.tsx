import { useMutation } from "@tanstack/react-query";
import { ImageUp, Trash2, UserRound } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FormOutcome, InputField } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES, UPLOAD_TOO_LARGE, type ProfileDto } from "#domain/api/player";
import { removePhoto, uploadPhoto } from "./api";
import { useProfileChanged } from "./profile-cache";

const ACCEPT = UPLOAD_IMAGE_TYPES.join(",");

/**
 * The profile photo: shown as stored, replaced by choosing a file (uploaded at once), removed after a confirm.
 * A file over 5 MB is refused here without being sent; everything else is for the server to judge (it reads
 * the bytes, not the name), and its answer is shown as it says it.
 */
export function PhotoCard({ profile }: { profile: ProfileDto }) {
  const id = useId();
  const profileChanged = useProfileChanged();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const upload = useMutation({
    mutationFn: uploadPhoto,
    onSuccess: ({ photoUrl }) => {
      profileChanged({ photoUrl });
      setNotice("Your new photo is saved. Your coaches see it on the roster.");
    },
    onError: (e) => setError(describeError(e, "The photo could not be uploaded. Please try again.")),
    onSettled: () => {
      // Cleared so choosing the same file again (after fixing a connection, say) uploads it again.
      if (input.current) input.current.value = "";
    },
  });

  const remove = useMutation({
    mutationFn: removePhoto,
    onSuccess: () => {
      profileChanged({ photoUrl: null });
      setConfirming(false);
      setNotice("Your photo was removed. Your position's icon shows in its place.");
    },
  });

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setError(null);
    setNotice(null);
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(UPLOAD_TOO_LARGE);
      event.target.value = "";
      return;
    }
    upload.mutate(file);
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col items-center text-center">
      <h2 id={`${id}-title`} className="self-start text-lg font-bold text-stone-900">
        Profile photo
      </h2>
      <div className="mt-4">
        {profile.photoUrl ? (
          <img
            key={profile.photoUrl}
            src={profile.photoUrl}
            alt={`Profile photo of ${profile.fullName}`}
            className="size-36 rounded-full border border-stone-200 object-cover"
          />
        ) : (
          <span className="flex size-36 items-center justify-center rounded-full bg-field-100 text-field-700">
            <UserRound aria-hidden="true" className="size-16" />
            <span className="sr-only">No photo yet</span>
          </span>
        )}
      </div>
      <p className="mt-3 font-bold break-words text-stone-900">{profile.fullName}</p>

      <div className="mt-5 w-full space-y-3 text-left">
        <InputField
          label={profile.photoUrl ? "Replace your photo" : "Upload a photo"}
          hint="JPEG, PNG or WebP, up to 5 MB. It is saved at once."
          ref={input}
          type="file"
          accept={ACCEPT}
          onChange={onChoose}
          disabled={busy}
          className="block w-full text-sm text-stone-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-field-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-field-800 disabled:opacity-60"
        />
        {upload.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
            <ImageUp aria-hidden="true" className="size-4" /> Uploading your photo…
          </p>
        ) : null}
        <FormOutcome error={error} notice={notice} />
        {profile.photoUrl ? (
          <button
            type="button"
            className="btn btn-secondary w-full"
            onClick={() => {
              remove.reset();
              setError(null);
              setNotice(null);
              setConfirming(true);
            }}
            disabled={busy}
          >
            <Trash2 aria-hidden="true" className="size-4" /> Remove photo
          </button>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove your photo?"
        description="Your coaches will see your position's icon instead. You can upload a new photo at any time."
        confirmLabel="Remove photo"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.isError ? describeError(remove.error, "The photo could not be removed. Please try again.") : null}
        onConfirm={() => remove.mutate()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          input.current?.focus();
        }}
      />
    </section>
  );
}
