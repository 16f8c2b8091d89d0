/** Texts the account routes share (docs/product.md §8). */
export const WRONG_PASSWORD = "That is not your current password.";
export const EMAIL_TAKEN_ELSEWHERE = "Another account already uses this email.";
export const MUST_HAND_OVER =
  "You are the head coach and the team has other coaches. Hand the team over to one of them before deleting your account.";
