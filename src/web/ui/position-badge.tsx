import { clsx } from "clsx";
import {
  CircleDot,
  CircleHelp,
  Crosshair,
  Flame,
  Footprints,
  Layers,
  Shield,
  ShieldCheck,
  ShieldHalf,
  Shuffle,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { createElement, type CSSProperties } from "react";
import { positionName, type PositionKey } from "#domain/positions";
import { positionColor } from "./position-colors";

/** One icon per position (docs/product.md §2): offense icons suggest the ball's path, defense icons a shield. */
const POSITION_ICONS: Readonly<Record<PositionKey | "other", LucideIcon>> = {
  qb: Crosshair,
  wr: Zap,
  slot: Shuffle,
  rb: Footprints,
  te: Layers,
  center: CircleDot,
  cb: Shield,
  safety: ShieldCheck,
  lb: ShieldHalf,
  rusher: Flame,
  other: CircleHelp,
};

function positionIcon(position: string | null | undefined): LucideIcon {
  if (position && Object.hasOwn(POSITION_ICONS, position)) return POSITION_ICONS[position as PositionKey];
  return POSITION_ICONS.other;
}

/** The position's icon, decorative (the position is always named in text beside it). */
function PositionIcon({ position, className }: { position: string; className?: string }) {
  return createElement(positionIcon(position), { "aria-hidden": true, className });
}

const SIZES = {
  sm: { box: "size-8", icon: "size-4" },
  md: { box: "size-10", icon: "size-5" },
  lg: { box: "size-16", icon: "size-8" },
} as const;

/**
 * The player's photo when there is one, else the position's icon on the position's colour. Decorative: the
 * name and position are always written beside it.
 */
export function PlayerAvatar({
  position,
  photoUrl,
  size = "md",
  className,
}: {
  position: string;
  photoUrl?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const s = SIZES[size];
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        loading="lazy"
        decoding="async"
        className={clsx(s.box, "shrink-0 rounded-full object-cover ring-2", className)}
        style={{ "--tw-ring-color": positionColor(position) } as CSSProperties}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={clsx(s.box, "inline-flex shrink-0 items-center justify-center rounded-full text-white", className)}
      style={{ backgroundColor: positionColor(position) }}
    >
      <PositionIcon position={position} className={s.icon} />
    </span>
  );
}

/** The position's name on its colour, with its icon: "Quarterback". */
export function PositionBadge({ position, className }: { position: string; className?: string }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white",
        className,
      )}
      style={{ backgroundColor: positionColor(position) }}
    >
      <PositionIcon position={position} className="size-3.5" />
      {positionName(position)}
    </span>
  );
}
