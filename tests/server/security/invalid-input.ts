/*
 * fast-check arbitraries of requests that are INVALID BY CONSTRUCTION, derived from an endpoint's OpenAPI
 * operation (its path and query parameters, its request body schema): a new endpoint is fuzzed without a change
 * here. Each case breaks at least one documented rule (a wrong type, a missing required field, a value out of
 * range, not in the enum, not matching the pattern or format, a malformed or oversized body, a wrong content
 * type), so the only right answer is a 4xx. Where the server normalises before it checks (strings are trimmed,
 * a jersey number may come as decimal text), the values are chosen so that the normalised value still breaks the
 * rule. Test support, not used by the server.
 */
import fc from "fast-check";
import type { Endpoint, JsonSchema, OpenApiParameter } from "./endpoints.js";

// ---------------------------------------------------------------------------------------------------------------
// The cases

export type FormPart =
  { name: string; value: string } | { name: string; bytes: Uint8Array; type: string; filename: string };

export type FuzzBody =
  /** Sent as UTF-8 bytes, so that "no content type" really sends none (a string body would get text/plain). */
  | { kind: "text"; text: string; contentType: string | null }
  | { kind: "bytes"; bytes: Uint8Array; contentType: string | null }
  | { kind: "form"; parts: FormPart[] };

export interface FuzzInput {
  /** What is wrong with the request, for the report. */
  category: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: FuzzBody;
  /** The one status the request must get from a caller the endpoint serves (else any 4xx will do). */
  status?: number;
}

/** What the generators need from the running world. */
export interface FuzzContext {
  /** Path parameters naming real resources of team A, so that body and query checks are reached. */
  baseParams: Record<string, string>;
  /** A valid JSON body for the endpoint (sent with a wrong content type it must still be refused), if known. */
  baseJson?: unknown;
  /** Valid images of types the uploads do not take, and a valid PNG. */
  images: { png: Uint8Array; gif: Uint8Array; tiff: Uint8Array };
  /** A body over the upload limit (allocated once). */
  hugeUpload: Uint8Array;
}

/** The body limit of the endpoint's path (app.ts: the JSON limit, or the upload limit on upload paths). */
export interface Limits {
  /** What a body may weigh on this path; over it the answer is 413. */
  body: number;
  /** What an upload may weigh (for the upload cases). */
  upload: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Strings

/** Characters that trouble parsers, databases, normalisers and renderers. */
const NASTY = [
  "\u0000",
  "\ud800",
  "\udfff",
  "\udbff",
  "\u202e",
  "\u200f",
  "\u200b",
  "\ufeff",
  "\uffff",
  "\ufffd",
  "\u0007",
  "😀",
  "👩‍👩‍👧‍👦",
  "🏈",
  "e\u0301",
  "𝕏",
  "\u0085",
  "\u2028",
  "ا",
  "עברית",
  "İ",
  "ß",
  "ﬁ",
  "'",
  '"',
  "\\",
  "<script>",
  "%00",
  "%",
  "/",
  "?",
  "#",
  "&",
  "=",
  "\n",
  "\r",
  "\t",
  " ",
  "\u00a0",
  "${x}",
  "{{x}}",
  "'; drop table events; --",
  "__proto__",
  "constructor",
  "NaN",
  "Infinity",
  "-1",
  "1e999",
  "null",
];

/** Short text of every kind: arbitrary code points (lone surrogates too), graphemes, and the nasty list. */
export function unicodeText(maxLength = 40): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: "binary", maxLength }),
    fc.string({ unit: "grapheme", maxLength }),
    fc.array(fc.constantFrom(...NASTY), { maxLength: 12 }).map((a) => a.join("")),
    fc.string({ maxLength }),
  );
}

/** A piece of text with no character String.prototype.trim removes, so trimming cannot shorten it. */
const solidChunk = unicodeText(8).filter((s) => s.length > 0 && !/\s/.test(s));

const HUGE_SIZES = [10_000, 100_000, 300_000];

/** Code points, which is how the server's schemas measure text (an emoji is one character, not two). */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
}

/**
 * Text longer than `max` characters even after trimming: just over, far over, and up to ~300 KB (more than the
 * JSON body limit once encoded). Made of whole code points, so what the server decodes is exactly this long.
 */
export function longText(max: number, cap = Infinity): fc.Arbitrary<string> {
  const sizes = [max + 1, max + 2, max * 2 + 3, ...HUGE_SIZES.filter((n) => n > max)].filter(
    (n) => n <= Math.max(cap, max + 1),
  );
  return fc
    .tuple(
      solidChunk.filter((c) => !/\p{Cs}/u.test(c)),
      fc.constantFrom(...sizes),
    )
    .map(([chunk, n]) => {
      const units = [...chunk];
      const whole = units.join("").repeat(Math.ceil(n / units.length));
      return [...whole.slice(0, n * 2)].slice(0, n).join("");
    })
    .filter((s) => codePoints(s.trim()) > max);
}

const UUID_LIKE = /^\s*[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\s*$/i;
const ISO_LIKE = /^\s*[+-]?\d{4,6}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

function notUuid(): fc.Arbitrary<string> {
  const nearMiss = fc
    .tuple(
      fc.uuid({ version: 4 }),
      fc.integer({ min: 0, max: 35 }),
      fc.constantFrom("g", "z", "-", "", "00", "\u0000", "😀"),
    )
    .map(([u, i, ch]) => u.slice(0, i) + ch + u.slice(i + 1));
  return fc.oneof(unicodeText(), nearMiss, longText(36, 2_000)).filter((s) => !UUID_LIKE.test(s));
}

function notIsoTime(): fc.Arbitrary<string> {
  return fc
    .oneof(unicodeText(), fc.constantFrom("yesterday", "2024-01-01", "1700000000000", "T12:00:00Z", "2024/01/01 10:00"))
    .filter((s) => !ISO_LIKE.test(s));
}

function notInEnum(values: readonly unknown[]): fc.Arbitrary<string> {
  const strings = values.filter((v): v is string => typeof v === "string");
  const variants = strings.flatMap((v) => [
    v.toUpperCase(),
    v.toLowerCase(),
    ` ${v}`,
    `${v} `,
    v.slice(1),
    `${v}\u0000`,
    `${v}s`,
  ]);
  const pool = variants.length ? fc.oneof(unicodeText(), fc.constantFrom(...variants)) : unicodeText();
  return pool.filter((s) => !values.includes(s));
}

function notMatching(pattern: string): fc.Arbitrary<string> {
  const re = new RegExp(pattern);
  const nearMiss = fc.constantFrom(
    "2024-1-01",
    "20240101",
    "2024/01/01",
    "24-01-01",
    "2024-01-01T00:00",
    "+5",
    "1.5",
    "--1",
    "",
    "1234567",
    "٣",
    "２０２４-０１-０１",
  );
  return fc.oneof(unicodeText(), nearMiss).filter((s) => !re.test(s.trim()) && !re.test(s));
}

/** Decimal text the jersey-number field would read as a number: kept out of "wrong type" strings. */
const NUMERIC_TEXT = /^\s*[+-]?\d+(?:\.\d+)?\s*$/;

// ---------------------------------------------------------------------------------------------------------------
// JSON values that break a schema

function typesOf(s: JsonSchema): Set<string> {
  const out = new Set<string>();
  const add = (t: unknown) => {
    if (typeof t === "string") out.add(t);
  };
  if (Array.isArray(s.type)) s.type.forEach(add);
  else add(s.type);
  if (s.enum) for (const v of s.enum) out.add(v === null ? "null" : typeof v === "number" ? "number" : typeof v);
  for (const branch of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) for (const t of typesOf(branch)) out.add(t);
  if (out.has("integer")) out.add("number");
  return out;
}

const smallJson = fc.jsonValue({ maxDepth: 2 });

/** A JSON value of none of the schema's types; nothing when the schema's types are unknown. */
function wrongType(s: JsonSchema): fc.Arbitrary<unknown> | null {
  const types = typesOf(s);
  if (types.size === 0) return null;
  const numeric = types.has("number");
  const options: fc.Arbitrary<unknown>[] = [];
  if (!types.has("string")) {
    const text = fc.oneof(
      unicodeText(),
      fc.constantFrom("NaN", "Infinity", "-Infinity", "1e999", "0x1F", "1_000", "½", "١٢"),
    );
    // A number field may take decimal text (a form's input); blank text counts as missing. Neither is a wrong type.
    options.push(numeric ? text.filter((t) => !NUMERIC_TEXT.test(t) && t.trim() !== "") : text);
  }
  if (!numeric) options.push(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
  if (!types.has("boolean")) options.push(fc.boolean());
  if (!types.has("null")) options.push(fc.constant(null));
  if (!types.has("array")) options.push(fc.array(smallJson, { maxLength: 4 }));
  if (!types.has("object")) options.push(fc.dictionary(fc.string({ maxLength: 8 }), smallJson, { maxKeys: 4 }));
  return options.length ? fc.oneof(...options) : null;
}

/** A value of the right type that breaks one of its constraints. */
function outOfBounds(s: JsonSchema): fc.Arbitrary<unknown>[] {
  const types = typesOf(s);
  const out: fc.Arbitrary<unknown>[] = [];
  if (types.has("string")) {
    if (s.enum) out.push(notInEnum(s.enum));
    if (s.pattern) out.push(notMatching(s.pattern));
    if (s.format === "uuid") out.push(notUuid());
    if (s.format === "date-time") out.push(notIsoTime());
    if (s.maxLength !== undefined) out.push(longText(s.maxLength));
    if (s.minLength !== undefined && s.minLength > 0) {
      out.push(
        fc
          .string({ unit: "grapheme-ascii", maxLength: Math.max(0, s.minLength - 1) })
          .filter((t) => codePoints(t) < s.minLength!),
      );
    }
  }
  if (types.has("number") && !types.has("string")) {
    const hi = s.maximum;
    const lo = s.minimum;
    if (hi !== undefined)
      out.push(
        fc.oneof(
          fc.integer({ min: hi + 1, max: hi + 1_000_000 }),
          fc.constantFrom(1e20, Number.MAX_SAFE_INTEGER + 2, 1e308),
        ),
      );
    if (lo !== undefined)
      out.push(
        fc.oneof(
          fc.integer({ min: lo - 1_000_000, max: lo - 1 }),
          fc.constantFrom(-1e20, -Number.MAX_SAFE_INTEGER - 2, -1e308),
        ),
      );
    const integer = Array.isArray(s.type) ? s.type.includes("integer") : s.type === "integer";
    if (integer) {
      const min = lo ?? -1000;
      const max = hi ?? 1000;
      out.push(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x)));
    }
  }
  if (types.has("array") && s.items) {
    if (s.maxItems !== undefined)
      out.push(fc.array(smallJson, { minLength: s.maxItems + 1, maxLength: s.maxItems + 4 }));
    if (s.minItems !== undefined && s.minItems > 0) out.push(fc.array(smallJson, { maxLength: s.minItems - 1 }));
    const bad = invalidValue(s.items);
    if (bad) {
      out.push(
        fc.tuple(fc.array(smallJson, { maxLength: 2 }), bad, fc.nat()).map(([others, item, at]) => {
          const list: unknown[] = [...others];
          list.splice(at % (list.length + 1), 0, item);
          return list;
        }),
      );
    }
  }
  if (types.has("object") && s.properties) {
    const obj = invalidObject(s);
    if (obj) out.push(obj.map((o) => o.value));
  }
  return out;
}

/** Any value the schema refuses, or null when none can be made from what the schema says. */
export function invalidValue(s: JsonSchema): fc.Arbitrary<unknown> | null {
  const options = [wrongType(s), ...outOfBounds(s)].filter((a): a is fc.Arbitrary<unknown> => a !== null);
  return options.length ? fc.oneof(...options) : null;
}

/** Whether the schema could take nested arrays ([[...]]) as a value. */
function takesNestedArrays(s: JsonSchema): boolean {
  const types = typesOf(s);
  if (types.size === 0) return true;
  if (!types.has("array")) return false;
  return !s.items || typesOf(s.items).size === 0 || typesOf(s.items).has("array");
}

/** Unknown keys a client might add: ignored by the server, so only ever added next to a real fault. */
const extraKeys = fc.dictionary(
  fc.oneof(
    fc.constantFrom("__proto__", "constructor", "prototype", "role", "teamId", "userId", "isAdmin"),
    fc.string({ maxLength: 10 }),
  ),
  smallJson,
  { maxKeys: 3 },
);

/** An object schema's branches: each with the properties that pick it (single-valued enums) fixed. */
function branchesOf(s: JsonSchema): { schema: JsonSchema; fixed: Record<string, unknown> }[] {
  const branches = s.oneOf ?? s.anyOf;
  if (!branches) return [{ schema: s, fixed: {} }];
  const withDiscriminator = branches.map((b) => {
    const fixed: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(b.properties ?? {})) {
      if (p.enum?.length === 1) fixed[name] = p.enum[0];
    }
    return { schema: b, fixed };
  });
  // Without a property that picks the branch, a value broken for one branch might suit another: not used.
  return withDiscriminator.filter((b) => Object.keys(b.fixed).length > 0);
}

/** Values for the properties that are not the broken one: absent, or random (valid or not, it does not matter). */
function otherProperties(props: Record<string, JsonSchema>, except: string): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(props).filter((n) => n !== except);
  return fc.record(
    Object.fromEntries(names.map((n) => [n, fc.option(fc.oneof(smallJson, unicodeText()), { nil: undefined })])),
    {
      requiredKeys: [],
    },
  ) as fc.Arbitrary<Record<string, unknown>>;
}

/** An object that breaks the schema through one property (wrong or missing), with the fault's name. */
export function invalidObject(s: JsonSchema): fc.Arbitrary<{ fault: string; value: Record<string, unknown> }> | null {
  const options: fc.Arbitrary<{ fault: string; value: Record<string, unknown> }>[] = [];
  for (const { schema, fixed } of branchesOf(s)) {
    const props = schema.properties ?? {};
    for (const [name, p] of Object.entries(props)) {
      const bad = name in fixed ? notInEnum([fixed[name]]) : invalidValue(p);
      if (!bad) continue;
      options.push(
        fc.tuple(otherProperties(props, name), bad, extraKeys).map(([others, value, extra]) => ({
          fault: `field ${name}`,
          value: { ...extra, ...others, ...fixed, [name]: value },
        })),
      );
    }
    for (const name of schema.required ?? []) {
      options.push(
        fc.tuple(otherProperties(props, name), extraKeys).map(([others, extra]) => {
          const value: Record<string, unknown> = { ...extra, ...others, ...fixed };
          delete value[name];
          return { fault: `missing ${name}`, value };
        }),
      );
    }
  }
  return options.length ? fc.oneof(...options) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Raw JSON text

/** Text JSON.parse refuses: random text, truncations, near-JSON of every kind. */
function malformedJson(base: unknown): fc.Arbitrary<string> {
  const serialized = JSON.stringify(base ?? { name: "x", side: "offense" });
  const truncated = fc.integer({ min: 0, max: Math.max(0, serialized.length - 1) }).map((n) => serialized.slice(0, n));
  const nearJson = fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    "[",
    "{'a': 1}",
    "{a:1}",
    "[1,]",
    '{"a":1,}',
    "NaN",
    "Infinity",
    "undefined",
    '{"a":01}',
    '"\\x41"',
    '{"a":1}/*c*/',
    "\ufeff{",
    "\ufeff\ufeff{}",
    '{"a":1}x',
    '{"a":"\u0000',
    '{"a":"\\ud800"',
    "nul",
    "tru",
    '{"a" 1}',
    '{"a":1}{"b":2}',
    "\u0000",
  );
  return fc.oneof(truncated, nearJson, unicodeText(60)).filter((t) => {
    try {
      // Reading a UTF-8 body drops leading byte order marks (undici drops them all), so "\ufeff{}" arrives as "{}".
      JSON.parse(t.replace(/^\ufeff+/, ""));
      return false;
    } catch {
      return true;
    }
  });
}

/** `depth` nested arrays (or objects) as JSON text, built without recursion. */
function nested(depth: number, objects: boolean): string {
  return objects ? '{"a":'.repeat(depth) + "1" + "}".repeat(depth) : "[".repeat(depth) + "]".repeat(depth);
}
const DEPTHS = [2, 3, 64, 1_000, 10_000, 60_000];

const JSON_TYPES = ["application/json", "application/json; charset=utf-8"];
const WRONG_TYPES = [
  "text/plain",
  "text/plain; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "text/html",
  "application/octet-stream",
  "application/javascript",
  "json",
  "application/jsonx",
  "application/json-patch",
  "image/png",
];

function jsonBody(text: string, contentType: string | null = "application/json"): FuzzBody {
  return { kind: "text", text, contentType };
}

const RAW_TOKEN = "\u0001RAW\u0001";
/** JSON text with a number literal JSON.parse reads as Infinity put where a string token was. */
function withRawInfinity(value: unknown): string {
  return JSON.stringify(value).replace(JSON.stringify(RAW_TOKEN), "1e999");
}

function bodyArbitraries(
  schema: JsonSchema,
  ctx: FuzzContext,
  limits: Limits,
): fc.WeightedArbitrary<Omit<FuzzInput, "params" | "query">>[] {
  const out: fc.WeightedArbitrary<Omit<FuzzInput, "params" | "query">>[] = [];
  const anyType = fc.constantFrom(...JSON_TYPES);

  // The whole body of a wrong type: an array, a string, a number, true, null, nested arrays.
  const topLevel = fc.oneof(
    fc.array(smallJson, { maxLength: 4 }),
    unicodeText(),
    fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    fc.boolean(),
    fc.constant(null),
  );
  out.push({
    weight: 10,
    arbitrary: fc
      .tuple(topLevel, anyType)
      .map(([v, ct]) => ({ category: "body of a wrong type", body: jsonBody(JSON.stringify(v), ct) })),
  });

  const object = invalidObject(schema);
  if (object) {
    out.push({
      weight: 40,
      arbitrary: fc
        .tuple(object, anyType)
        .map(([o, ct]) => ({ category: `body ${o.fault}`, body: jsonBody(JSON.stringify(o.value), ct) })),
    });
    // A number literal that overflows to Infinity, in place of each property in turn.
    const props = Object.keys(branchesOf(schema)[0]?.schema.properties ?? {});
    const fixed = branchesOf(schema)[0]?.fixed ?? {};
    const infinityTargets = props.filter((p) => !(p in fixed));
    if (infinityTargets.length) {
      out.push({
        weight: 3,
        arbitrary: fc.constantFrom(...infinityTargets).map((p) => ({
          category: `body field ${p} = 1e999`,
          body: jsonBody(
            withRawInfinity({ ...(isObject(ctx.baseJson) ? ctx.baseJson : {}), ...fixed, [p]: RAW_TOKEN }),
          ),
        })),
      });
    }
  }

  // Deep nesting, as the whole body or as a property that takes no nested arrays.
  const nestable = branchesOf(schema).flatMap(({ schema: b, fixed }) =>
    Object.entries(b.properties ?? {})
      .filter(([n, p]) => !(n in fixed) && !takesNestedArrays(p) && !typesOf(p).has("object"))
      .map(([n]) => ({ name: n, fixed })),
  );
  out.push({
    weight: 2,
    arbitrary: fc
      .constantFrom(...DEPTHS)
      .map((depth) => ({ category: `body nested ${depth} deep`, body: jsonBody(nested(depth, false)) })),
  });
  if (nestable.length) {
    out.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...DEPTHS), fc.boolean(), fc.constantFrom(...nestable))
        .map(([depth, objects, target]) => {
          const prefix = JSON.stringify({ ...target.fixed, [target.name]: RAW_TOKEN });
          const text = prefix.replace(JSON.stringify(RAW_TOKEN), nested(depth, objects));
          return { category: `body field ${target.name} nested ${depth} deep`, body: jsonBody(text) };
        }),
    });
  }

  out.push({
    weight: 12,
    arbitrary: fc
      .tuple(malformedJson(ctx.baseJson), anyType)
      .map(([text, ct]) => ({ category: "malformed JSON", body: jsonBody(text, ct) })),
  });
  out.push({
    weight: 3,
    arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => {
      const b = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, ...bytes]); // '{"' then bytes that are not UTF-8
      return {
        category: "body not UTF-8",
        body: { kind: "bytes" as const, bytes: b, contentType: "application/json" },
      };
    }),
  });

  // A body the server must not read: a wrong content type, or none, even when the JSON itself is valid.
  const anyBody = ctx.baseJson !== undefined ? fc.oneof(fc.constant(ctx.baseJson), smallJson) : smallJson;
  out.push({
    weight: 8,
    arbitrary: fc.tuple(anyBody, fc.option(fc.constantFrom(...WRONG_TYPES), { nil: null })).map(([value, ct]) => ({
      category: ct ? `content-type ${ct}` : "no content-type",
      body: { kind: "bytes" as const, bytes: new TextEncoder().encode(JSON.stringify(value)), contentType: ct },
      status: 415,
    })),
  });

  // No body at all (the validator reads {}), when {} is itself invalid.
  const needsSomething =
    branchesOf(schema).every(({ schema: b }) => (b.required ?? []).length > 0) || schema.oneOf !== undefined;
  if (needsSomething) out.push({ weight: 2, arbitrary: fc.constant({ category: "no body" }) });

  out.push({ weight: 3, arbitrary: oversized(limits.body, ctx) });
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** A body just over the endpoint's body limit or well over it: refused with 413 before anything reads it. */
function oversized(limit: number, ctx: FuzzContext): fc.Arbitrary<Omit<FuzzInput, "params" | "query">> {
  if (limit >= ctx.hugeUpload.byteLength) throw new Error(`no body over ${limit} bytes to send`);
  if (limit > 1_000_000) {
    return fc.constant({
      category: `oversized body (${ctx.hugeUpload.byteLength} bytes)`,
      body: { kind: "bytes" as const, bytes: ctx.hugeUpload, contentType: "application/json" },
      status: 413,
    });
  }
  return fc
    .tuple(fc.constantFrom(limit + 1, limit + 100, 300_000), fc.boolean(), solidChunk)
    .map(([size, asJson, chunk]) => {
      const filler = chunk.repeat(Math.ceil(size / chunk.length));
      const text = asJson
        ? JSON.stringify({ ...(isObject(ctx.baseJson) ? ctx.baseJson : {}), padding: filler })
        : filler;
      return { category: `oversized body (${size} chars)`, body: jsonBody(text), status: 413 };
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Uploads (multipart/form-data with one file field)

const MAGIC: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  webp: [0x52, 0x49, 0x46, 0x46, 0x24, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20],
};

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

function uploadArbitraries(
  field: string,
  ctx: FuzzContext,
  limits: Limits,
): fc.WeightedArbitrary<Omit<FuzzInput, "params" | "query">>[] {
  // Not empty: a part with filename="" is what a browser sends for an empty file input, read as no file at all.
  const filename = fc
    .oneof(fc.constantFrom("photo.png", "../../etc/passwd", "a.php.png", "x".repeat(300)), unicodeText(20))
    .filter((n) => n.length > 0);
  const fileOf = (bytes: Uint8Array, type: string, name: string): FormPart => ({
    name: field,
    bytes,
    type,
    filename: name,
  });
  const form = (parts: FormPart[]): FuzzBody => ({ kind: "form", parts });
  const notImage = fc
    .uint8Array({ minLength: 1, maxLength: 2048 })
    .filter(
      (b) =>
        !Object.values(MAGIC).some((m) => startsWith(b, m.slice(0, 3))) &&
        b[0] !== 0x47 &&
        b[0] !== 0x49 &&
        b[0] !== 0x4d,
    );
  return [
    {
      // The right bytes in the wrong wrapping: the PNG itself, JSON, text, or multipart without a boundary.
      weight: 8,
      arbitrary: fc
        .constantFrom(
          { ct: "image/png", bytes: ctx.images.png },
          { ct: null, bytes: ctx.images.png },
          { ct: "application/json", bytes: new TextEncoder().encode('{"file":"x"}') },
          { ct: "text/plain", bytes: new TextEncoder().encode("file=x") },
          { ct: "multipart/form-data", bytes: new TextEncoder().encode("--x\r\n\r\n--x--") },
          { ct: "application/x-www-form-urlencoded", bytes: new TextEncoder().encode("file=x") },
        )
        .map(({ ct, bytes }) => ({
          category: `upload as ${ct ?? "no content-type"}`,
          body: { kind: "bytes" as const, bytes, contentType: ct },
          status: 415,
        })),
    },
    {
      weight: 6,
      arbitrary: fc
        .oneof(
          fc.array(fc.record({ name: fc.string({ maxLength: 8 }).filter((n) => n !== field), value: unicodeText() }), {
            maxLength: 3,
          }),
          unicodeText().map((value) => [{ name: field, value }]),
          filename.map((name) => [fileOf(new Uint8Array(0), "image/png", name)]),
        )
        .map((parts) => ({ category: "upload without a file", body: form(parts) })),
    },
    {
      weight: 8,
      arbitrary: fc
        .tuple(notImage, fc.constantFrom("image/png", "image/jpeg", "image/webp", "application/octet-stream"), filename)
        .map(([bytes, type, name]) => ({
          category: "upload of bytes that are no image",
          body: form([fileOf(bytes, type, name)]),
          status: 415,
        })),
    },
    {
      weight: 8,
      arbitrary: fc
        .tuple(fc.constantFrom(...Object.keys(MAGIC)), fc.uint8Array({ minLength: 0, maxLength: 4096 }), filename)
        .map(([kind, rest, name]) => ({
          category: `upload of a damaged ${kind}`,
          body: form([fileOf(new Uint8Array([...MAGIC[kind]!, ...rest]), `image/${kind}`, name)]),
        })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(["gif", ctx.images.gif] as const, ["tiff", ctx.images.tiff] as const), filename)
        .map(([[kind, bytes], name]) => ({
          category: `upload of a ${kind}`,
          body: form([fileOf(bytes, "image/png", name)]),
          status: 415,
        })),
    },
    {
      weight: 4,
      arbitrary: fc.tuple(unicodeText(200), fc.constantFrom("xyz", "----x", '"q"')).map(([text, boundary]) => ({
        category: "malformed multipart",
        body: {
          kind: "bytes" as const,
          bytes: new TextEncoder().encode(text),
          contentType: `multipart/form-data; boundary=${boundary}`,
        },
      })),
    },
    {
      weight: 1,
      arbitrary: fc.boolean().map((asForm) => ({
        category: `upload over ${limits.upload} bytes`,
        body: asForm
          ? form([fileOf(ctx.hugeUpload, "image/png", "huge.png")])
          : { kind: "bytes" as const, bytes: ctx.hugeUpload, contentType: "multipart/form-data; boundary=xyz" },
        status: 413,
      })),
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Parameters (always text)

function invalidQueryValue(p: OpenApiParameter): fc.Arbitrary<string | string[]> {
  const s = p.schema;
  const options: fc.Arbitrary<string | string[]>[] = [];
  // A repeated parameter arrives as a list where one value is expected.
  options.push(fc.array(unicodeText(10), { minLength: 2, maxLength: 3 }));
  const types = typesOf(s);
  if (types.has("integer") || types.has("number")) {
    const intText = /^[+-]?\d+$/;
    options.push(
      fc
        .oneof(
          unicodeText(),
          fc.constantFrom(
            "NaN",
            "Infinity",
            "-Infinity",
            "1e3",
            "0x10",
            " 5",
            "5 ",
            "1.0",
            "+-1",
            "1234567",
            "٣",
            "",
            "--5",
            "5e-1",
          ),
        )
        .filter((t) => !intText.test(t)),
    );
    if (s.maximum !== undefined) options.push(fc.integer({ min: s.maximum + 1, max: 999_999 }).map(String));
    if (s.minimum !== undefined) options.push(fc.integer({ min: -999_999, max: s.minimum - 1 }).map(String));
  }
  if (types.has("string")) {
    if (s.enum) options.push(notInEnum(s.enum));
    if (s.pattern) options.push(notMatching(s.pattern));
    if (s.format === "uuid") options.push(notUuid());
    if (s.maxLength !== undefined) options.push(longText(s.maxLength, 20_000));
    if (s.minLength !== undefined && s.minLength > 0) options.push(fc.constant(""));
  }
  return fc.oneof(...options);
}

/** A path value that is invalid for the schema, or (when the schema says nothing) one naming nothing that exists. */
function invalidPathValue(p: OpenApiParameter): fc.Arbitrary<string> {
  const s = p.schema;
  const options: fc.Arbitrary<string>[] = [];
  if (s.format === "uuid") options.push(notUuid());
  if (s.pattern) options.push(notMatching(s.pattern));
  if (s.enum) options.push(notInEnum(s.enum));
  if (s.maxLength !== undefined) options.push(longText(s.maxLength, 20_000));
  // No rule to break: any text is well formed, and none of it names a resource that exists.
  if (!options.length || s.format !== "uuid") options.push(unicodeText(), longText(200, 20_000));
  // "" would change the route; "." and ".." are path steps the URL parser resolves before the server sees them.
  return fc.oneof(...options).filter((v) => v !== "" && v !== "." && v !== "..");
}

// ---------------------------------------------------------------------------------------------------------------
// Per endpoint

/** Unknown query parameters a client might add: ignored, so only ever sent next to a real fault. */
const noiseQuery = fc.dictionary(
  fc.string({ maxLength: 6 }).map((k) => `zz_${k}`),
  unicodeText(12),
  { maxKeys: 2 },
);

export interface EndpointFuzz {
  arbitrary: fc.Arbitrary<FuzzInput>;
  /** How many ways the endpoint's input can be broken (its weight in the run budget). */
  surface: number;
}

/** Invalid requests for one endpoint, or null when it takes no input at all (a GET with no parameters). */
export function endpointFuzz(endpoint: Endpoint, ctx: FuzzContext, limits: Limits): EndpointFuzz | null {
  const op = endpoint.operation;
  const parameters = op?.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === "path");
  const queryParams = parameters.filter((p) => p.in === "query");
  const params: Record<string, string> = {};
  for (const p of pathParams) params[p.name] = ctx.baseParams[p.name] ?? "7c0e8a5e-4f3b-4c55-9d55-2f6f0c1d9a10";

  type Part = Omit<FuzzInput, "params" | "query"> & {
    params?: Record<string, string>;
    query?: Record<string, string | string[]>;
  };
  const parts: fc.WeightedArbitrary<Part>[] = [];
  let surface = 0;

  for (const p of pathParams) {
    surface += 2;
    parts.push({
      weight: 20,
      arbitrary: invalidPathValue(p).map((value) => ({
        category: `path ${p.name}`,
        params: { ...params, [p.name]: value },
      })),
    });
  }
  for (const p of queryParams) {
    surface += 1.5;
    parts.push({
      weight: 15,
      arbitrary: invalidQueryValue(p).map((value) => ({ category: `query ${p.name}`, query: { [p.name]: value } })),
    });
  }
  const content = op?.requestBody?.content ?? {};
  const jsonSchema = content["application/json"]?.schema;
  const formSchema = content["multipart/form-data"]?.schema;
  if (jsonSchema) {
    surface += 5;
    for (const a of bodyArbitraries(jsonSchema, ctx, limits))
      parts.push({ weight: a.weight * 2, arbitrary: a.arbitrary });
  } else if (formSchema) {
    surface += 4;
    const field = formSchema.required?.[0] ?? Object.keys(formSchema.properties ?? {})[0] ?? "file";
    for (const a of uploadArbitraries(field, ctx, limits)) parts.push({ weight: a.weight * 2, arbitrary: a.arbitrary });
  } else if (endpoint.method !== "GET" && endpoint.method !== "HEAD") {
    // Takes no body: the only fault a client can make is one the app refuses before routing, an oversized body.
    surface += 0.5;
    parts.push({ weight: 1, arbitrary: oversized(limits.body, ctx) });
  }
  if (!parts.length) return null;

  const arbitrary = fc.tuple(fc.oneof(...parts), noiseQuery).map(([part, noise]): FuzzInput => ({
    category: part.category,
    params: part.params ?? params,
    query: { ...noise, ...(part.query ?? {}) },
    body: part.body,
    status: part.status,
  }));
  return { arbitrary, surface };
}

/** A few lines saying what a case sent, for a failure report (a 300 KB string is shown by its length). */
export function describeInput(c: FuzzInput): string {
  const cut = (s: string) =>
    s.length > 160 ? `${JSON.stringify(s.slice(0, 160))}… (${s.length} chars)` : JSON.stringify(s);
  const body = !c.body
    ? "none"
    : c.body.kind === "text"
      ? `${c.body.contentType ?? "(no content-type)"} ${cut(c.body.text)}`
      : c.body.kind === "bytes"
        ? `${c.body.contentType ?? "(no content-type)"} ${c.body.bytes.byteLength} bytes`
        : `multipart ${c.body.parts.map((p) => ("bytes" in p ? `${cut(p.name)}=<${p.bytes.byteLength} bytes ${p.type} ${cut(p.filename)}>` : `${cut(p.name)}=${cut(p.value)}`)).join(", ")}`;
  const show = (o: Record<string, unknown>) =>
    Object.entries(o)
      .map(([k, v]) => `${k}=${Array.isArray(v) ? `[${v.map((x) => cut(String(x))).join(",")}]` : cut(String(v))}`)
      .join(" ");
  return `${c.category}; params ${show(c.params)}; query ${show(c.query)}; body ${body}`;
}
