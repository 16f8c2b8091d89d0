import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { UPLOAD_IMAGE_TYPES, UPLOAD_UNREADABLE, UPLOAD_WRONG_TYPE } from "#domain/api/player.js";
import type { FileKind } from "../db/schema.js";

export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** The box each kind of image is shrunk to fit (never enlarged). */
const IMAGE_BOUNDS: Readonly<Record<FileKind, number>> = { photo: 512, diagram: 1600 };
/** Larger images are refused before they are decoded, so a small file cannot unpack into gigabytes. */
const MAX_INPUT_PIXELS = 64_000_000;
const TOO_MANY_PIXELS = "This image is too large to process (at most 64 megapixels).";

/** Every stored image is WebP. */
const STORED_IMAGE_TYPE = "image/webp";
export const STORED_IMAGE_EXTENSION = "webp";

/** Why an upload was refused: "type" is not one of the three image types, "unreadable" could not be decoded. */
export class ImageRejected extends Error {
  constructor(
    readonly reason: "type" | "unreadable",
    message: string,
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  bytes: Uint8Array;
  mime: typeof STORED_IMAGE_TYPE;
  width: number;
  height: number;
}

const SHARP_FORMAT: Record<UploadImageType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
};

/** What the bytes are, by their magic numbers (never by name or declared type), if one of the three accepted. */
export async function sniffImageType(bytes: Uint8Array): Promise<UploadImageType | null> {
  const found = await fileTypeFromBuffer(bytes);
  const mime = found?.mime as string | undefined;
  return mime && (UPLOAD_IMAGE_TYPES as readonly string[]).includes(mime) ? (mime as UploadImageType) : null;
}

/**
 * Sniffs, decodes and re-encodes an uploaded image: turned upright per its EXIF orientation, shrunk to fit the
 * kind's box, written as WebP with no metadata at all (EXIF, GPS, XMP, ICC: sharp keeps none unless asked).
 * Only the decoder of the sniffed format is accepted, so a file cannot pass as a PNG and be read as something else.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  kind: FileKind,
  /** Called with width x height from the header, before anything is decoded; may throw to refuse the image. */
  beforeDecode?: (pixels: number) => void,
): Promise<ProcessedImage> {
  const type = await sniffImageType(bytes);
  if (!type) throw new ImageRejected("type", UPLOAD_WRONG_TYPE);
  const bound = IMAGE_BOUNDS[kind];
  // failOn "error": a photo with a minor flaw (a warning) still loads; one that cannot be decoded does not.
  const image = sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true });
  let pixels: number;
  try {
    const meta = await image.metadata();
    if (meta.format !== SHARP_FORMAT[type]) throw new ImageRejected("type", UPLOAD_WRONG_TYPE);
    pixels = meta.width * meta.height;
  } catch (error) {
    throw rejection(error);
  }
  if (pixels > MAX_INPUT_PIXELS) throw new ImageRejected("unreadable", TOO_MANY_PIXELS);
  beforeDecode?.(pixels);
  try {
    const { data, info } = await image
      .rotate()
      .resize({ width: bound, height: bound, fit: "inside", withoutEnlargement: true })
      .webp({ quality: kind === "diagram" ? 90 : 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      mime: STORED_IMAGE_TYPE,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw rejection(error);
  }
}

/** What sharp's failure means for the uploader. */
function rejection(error: unknown): ImageRejected {
  if (error instanceof ImageRejected) return error;
  const message = error instanceof Error && /pixel limit/i.test(error.message) ? TOO_MANY_PIXELS : UPLOAD_UNREADABLE;
  return new ImageRejected("unreadable", message);
}
