/* A four-team playoff bracket as the server sends it (decision 0038): for the admin's panel and the public page. */
import type { BracketGameView, BracketView } from "#domain/api/league-playoffs.js";

const team = (seed: number, name: string) => ({ seed, teamId: `t${seed}`, team: name });
const HAWKS = team(1, "Harbor Hawks");
const OWLS = team(2, "Night Owls");
const place = (startTime: string) => ({
  fieldId: "f-1",
  field: "Riverside Park",
  subField: "A",
  date: "2027-05-15",
  startTime,
  durationMinutes: 60,
});
const game = (round: number, index: number, rest: Partial<BracketGameView>): BracketGameView => ({
  round,
  index,
  state: "scheduled",
  home: null,
  away: null,
  place: null,
  gameId: null,
  published: true,
  score: null,
  winnerTeamId: null,
  ...rest,
});

/** Semifinals (one final, one tied) and a final waiting for them; seeds 1-4, team ids t1-t4. */
export const BRACKET: BracketView = {
  divisionId: "d-1",
  startDate: "2027-05-15",
  seeds: [HAWKS, OWLS, team(3, "Cardinals"), team(4, "Dolphins")],
  published: true,
  champion: null,
  rounds: [
    {
      round: 1,
      name: "Semifinals",
      games: [
        game(1, 0, {
          state: "final",
          home: HAWKS,
          away: team(4, "Dolphins"),
          place: place("09:00"),
          score: { home: 21, away: 14, forfeit: null },
          winnerTeamId: "t1",
        }),
        game(1, 1, {
          state: "tied",
          home: OWLS,
          away: team(3, "Cardinals"),
          place: place("10:00"),
          score: { home: 7, away: 7, forfeit: null },
        }),
      ],
    },
    { round: 2, name: "Final", games: [game(2, 0, { state: "waiting", home: HAWKS, place: place("12:00") })] },
  ],
};
