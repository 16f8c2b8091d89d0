import { encode } from "uqr";

/**
 * The invite link as a QR code, drawn as one SVG path (no canvas, no inline styles: the CSP allows it). Its own
 * chunk, loaded when an invite is first shown, so the QR encoder is not in the roster's first-load JavaScript.
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-48 rounded-lg border border-stone-200 bg-white"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#1c1917" />
    </svg>
  );
}
