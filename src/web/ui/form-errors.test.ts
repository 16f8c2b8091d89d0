import { describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api";
import { submitErrorMessage } from "./form-errors";

type Form = { name: string; notes: string };
const FIELDS = ["name", "notes"] as const;

describe("submitErrorMessage", () => {
  it("puts a 400's field messages beside their fields and asks to check them", () => {
    const setError = vi.fn();
    const error = new ApiError(400, {
      code: "invalid_input",
      message: "Name is required.",
      fields: { name: "Name is required." },
    });
    expect(submitErrorMessage<Form>(error, FIELDS, setError, "Could not save.")).toBe(
      "Please check the highlighted fields.",
    );
    expect(setError).toHaveBeenCalledWith(
      "name",
      { type: "server", message: "Name is required." },
      { shouldFocus: true },
    );
  });

  it("says what did not fit a field, or the message of a 400 without fields", () => {
    const setError = vi.fn();
    const elsewhere = new ApiError(400, {
      code: "invalid_input",
      message: "x",
      fields: { _: "Send at least one field to change." },
    });
    expect(submitErrorMessage<Form>(elsewhere, FIELDS, setError, "Could not save.")).toBe(
      "Send at least one field to change.",
    );
    const bare = new ApiError(400, { code: "invalid_json", message: "The body is not valid JSON." });
    expect(submitErrorMessage<Form>(bare, FIELDS, setError, "Could not save.")).toBe("The body is not valid JSON.");
    expect(setError).not.toHaveBeenCalled();
  });

  it("reads any other failure as the server's message, or the fallback when there is none", () => {
    const setError = vi.fn();
    expect(
      submitErrorMessage<Form>(
        new ApiError(403, { code: "forbidden", message: "No access." }),
        FIELDS,
        setError,
        "Could not save.",
      ),
    ).toBe("No access.");
    expect(submitErrorMessage<Form>(new TypeError("Failed to fetch"), FIELDS, setError, "Could not save.")).toBe(
      "Could not save.",
    );
    expect(setError).not.toHaveBeenCalled();
  });
});
