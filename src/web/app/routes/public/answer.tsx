import { pageMeta } from "~/app/meta";
import { AnswerPage } from "~/features/answer-link/answer-page";

export const meta = () =>
  pageMeta("Are you coming?", "Tell your coach whether you are coming to a game or practice, without logging in.");

export default AnswerPage;
