import { WRONG_CURRENT_PASSWORD } from "#domain/api/player.js";

/** Texts the account routes share (docs/product.md §8, §11); a wrong password reads as on the password change. */
export const WRONG_PASSWORD = WRONG_CURRENT_PASSWORD;
export const EMAIL_TAKEN_ELSEWHERE = "Another account already uses this email.";
export const MUST_HAND_OVER =
  "You are the head coach and the team has other coaches. Hand the team over to one of them in Team Settings before deleting your account.";
