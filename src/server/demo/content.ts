/**
 * The demo team's words (pure, seeded): its playbook, the coach's feedback to each player and the players'
 * training logs. Feedback names opponents of the season but never a number, so nothing here can disagree with
 * the stats the snaps make.
 */
import type { ACTIVITY_TYPES, FEEDBACK_CATEGORIES } from "#domain/api/player.js";
import type { PlaySide } from "#domain/playbook.js";
import type { PositionKey } from "#domain/positions.js";
import { randomness } from "./random.js";

interface DemoPlay {
  name: string;
  side: PlaySide;
  /** Offense plays are pass plays unless marked as runs (which snaps the season tags them on). */
  style?: "pass" | "run";
  formation: string;
  tags: string[];
  notes: string;
}

export const DEMO_PLAYBOOK: readonly DemoPlay[] = [
  {
    name: "Mesh",
    side: "offense",
    formation: "Spread",
    tags: ["quick", "man beater"],
    notes:
      "Two shallow crossers rub at 5 yards; the center sits in the hole. First read is the crosser away from the rusher.",
  },
  {
    name: "Flood Right",
    side: "offense",
    formation: "Trips right",
    tags: ["zone beater"],
    notes: "Go, out and flat to the same side: three levels against one defender. Throw the level the safety leaves.",
  },
  {
    name: "Slant-Flat",
    side: "offense",
    formation: "Bunch left",
    tags: ["quick", "short yardage"],
    notes: "Outside man runs the slant, the bunch point releases to the flat. Ball out in two seconds.",
  },
  {
    name: "Four Verticals",
    side: "offense",
    formation: "Spread",
    tags: ["deep", "shot play"],
    notes: "Seams stay inside the hash, outside men stay outside the numbers. Take it when the safety cheats down.",
  },
  {
    name: "Curl Corner",
    side: "offense",
    formation: "Twins right",
    tags: ["zone beater"],
    notes: "Slot runs the corner over the curl. Read the cornerback: he sinks, throw the curl.",
  },
  {
    name: "Jet Sweep",
    side: "offense",
    style: "run",
    formation: "Twins left",
    tags: ["run", "motion"],
    notes: "Jet motion, handoff at full speed, get outside before the rusher turns the corner.",
  },
  {
    name: "Counter",
    side: "offense",
    style: "run",
    formation: "Offset I",
    tags: ["run"],
    notes: "Step away, then cut back behind the center. Not in a no-run zone.",
  },
  {
    name: "Cover 2 Zone",
    side: "defense",
    formation: "2-deep",
    tags: ["zone"],
    notes: "Corners squat on the flats, safeties split the deep field. Linebacker walls the middle.",
  },
  {
    name: "Man Free",
    side: "defense",
    formation: "1-high",
    tags: ["man"],
    notes: "Press the receivers, the safety robs anything deep over the middle.",
  },
  {
    name: "Blitz Rush",
    side: "defense",
    formation: "Cover 0",
    tags: ["pressure"],
    notes: "Rusher and linebacker both come. Everyone else locks on a man; no help behind.",
  },
  {
    name: "Cover 3",
    side: "defense",
    formation: "3-deep",
    tags: ["zone", "prevent"],
    notes: "Three deep thirds, one underneath. Late in a half when they need a big play.",
  },
];

type Category = (typeof FEEDBACK_CATEGORIES)[number];
type Activity = (typeof ACTIVITY_TYPES)[number];

/** What a coach tells a player of each position; {opponent} is a game of the season. */
const FEEDBACK: Record<PositionKey, ReadonlyArray<[Category, string]>> = {
  qb: [
    ["Technique", "Step into the throw on the out routes; a few sailed on you against the {opponent}."],
    [
      "Game IQ",
      "Good job checking down when the rush came early. Give the deep route one more beat before you leave it.",
    ],
    [
      "Leadership",
      "You kept the huddle calm after the interception against the {opponent}. That is what we need from you.",
    ],
  ],
  wr: [
    [
      "Technique",
      "Sharper breaks at the top of the route: you are rounding off the curl and the corner is sitting on it.",
    ],
    [
      "Effort",
      "Loved the hustle on the deep route against the {opponent}, even when the ball went elsewhere. It kept the safety honest.",
    ],
    ["Technique", "Look the ball all the way in. Catch it first, then turn upfield."],
  ],
  slot: [
    [
      "Game IQ",
      "Against zone, find the soft spot and sit down. You drifted into coverage twice against the {opponent}.",
    ],
    ["Technique", "Quick feet off the line were great this week. Keep the same speed into the break."],
  ],
  rb: [
    [
      "Technique",
      "Hold the ball away from the flag side on the sweep; protect your flags with your hips, not your hands.",
    ],
    ["Effort", "Great burst on the counter against the {opponent}. Finish every run through the whistle."],
  ],
  te: [
    ["Game IQ", "You are the hot read when they blitz. Turn your head early, the ball is coming."],
    ["Technique", "Strong hands on the contested catches at practice. Keep attacking the ball at its highest point."],
  ],
  center: [
    [
      "Technique",
      "Snaps were clean all game against the {opponent}. Get into your route a step faster after the snap.",
    ],
    ["Conditioning", "You are running a route on every down now. Add a conditioning session this week."],
  ],
  cb: [
    ["Technique", "Stay square longer before you flip your hips; the double move got you against the {opponent}."],
    ["Game IQ", "Great job passing the receiver off in Cover 2. Trust the safety over the top."],
  ],
  safety: [
    [
      "Game IQ",
      "Great read on the quarterback's eyes against the {opponent}. Keep that depth and you will get more of those.",
    ],
    ["Leadership", "You called out the motion before every snap. Keep talking; the corners play faster when you do."],
  ],
  lb: [
    [
      "Technique",
      "Two hands at the hips, eyes on the belt. You reached for the flag a few times against the {opponent}.",
    ],
    ["Effort", "Relentless pursuit this week. That is the standard for the whole defense."],
  ],
  rusher: [
    ["Technique", "Count the seven yards before you go; you jumped early once against the {opponent}."],
    ["Game IQ", "Take away the quarterback's throwing side and make him roll the other way."],
  ],
};

const GENERAL: ReadonlyArray<[Category, string]> = [
  [
    "Conditioning",
    "You faded a little in the second half against the {opponent}. Two conditioning sessions a week will fix it.",
  ],
  ["Effort", "Great energy at practice this week. It showed in the game."],
  ["Other", "Thanks for staying after practice to help the new players with the signals."],
];

const ACTIVITIES: Record<PositionKey, readonly Activity[]> = {
  qb: ["Throwing", "Throwing", "Film study", "Speed & agility"],
  wr: ["Route running", "Catching", "Speed & agility", "Conditioning"],
  slot: ["Route running", "Catching", "Speed & agility"],
  rb: ["Speed & agility", "Strength", "Catching", "Conditioning"],
  te: ["Catching", "Route running", "Strength"],
  center: ["Catching", "Strength", "Conditioning"],
  cb: ["Flag pulling drills", "Speed & agility", "Film study"],
  safety: ["Flag pulling drills", "Film study", "Conditioning"],
  lb: ["Flag pulling drills", "Strength", "Conditioning"],
  rusher: ["Speed & agility", "Flag pulling drills", "Strength"],
};

const NOTES: Record<Activity, readonly string[]> = {
  "Speed & agility": ["Ladder and cone drills.", "Shuttle runs, 10 reps.", "Hill sprints."],
  "Route running": ["Route tree on air with a partner.", "Worked on the curl break.", "Double moves."],
  Throwing: ["Footwork and quick release.", "Deep ball accuracy, 40 throws.", "Throwing on the move."],
  Catching: ["JUGS machine, 100 catches.", "Tennis-ball drills for the hands.", "Over-the-shoulder catches."],
  Strength: ["Lower body and core.", "Upper body.", "Bands and body weight."],
  Conditioning: ["Intervals on the track.", "5K easy run.", "Bike intervals."],
  "Flag pulling drills": ["Mirror drill and flag pulls.", "Angle pursuit.", "One-on-one pulls in a box."],
  "Film study": ["Watched our last game.", "Next opponent's film.", "Our red zone snaps."],
  Other: ["Yoga and mobility."],
};

interface DemoFeedback {
  playerId: string;
  category: Category;
  body: string;
  /** Already read by the player (only older notes are). */
  read: boolean;
}

interface DemoTrainingLog {
  playerId: string;
  date: string;
  activityType: Activity;
  durationMinutes: number;
  intensity: number;
  notes: string;
}

interface ContentPlayer {
  id: string;
  position: PositionKey;
}

/**
 * Two or three notes per player from the coach, oldest first: position notes, sometimes a general one; for most
 * players everything but the newest has been read.
 */
export function demoFeedback(players: readonly ContentPlayer[], opponents: readonly string[], seed: number) {
  const random = randomness(seed);
  const out: DemoFeedback[] = [];
  for (const player of players) {
    const notes = [...FEEDBACK[player.position]];
    if (random.next() < 0.5) notes.splice(random.int(0, notes.length), 0, random.pick(GENERAL));
    const count = Math.min(notes.length, random.int(2, 3));
    const readAll = random.next() < 0.25;
    notes.slice(0, count).forEach(([category, text], i) => {
      const opponent = opponents.length > 0 ? random.pick(opponents) : "other team";
      out.push({
        playerId: player.id,
        category,
        body: text.replaceAll("{opponent}", opponent),
        read: readAll || i < count - 1,
      });
    });
  }
  return out;
}

/** Five to ten logs per player over the last `days` days before `today` (never after it). */
export function demoTrainingLogs(players: readonly ContentPlayer[], today: Date, days: number, seed: number) {
  const random = randomness(seed);
  const todayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const out: DemoTrainingLog[] = [];
  for (const player of players) {
    const count = random.int(5, 10);
    const back = new Set<number>();
    while (back.size < count) back.add(random.int(1, days));
    for (const daysBack of [...back].sort((a, b) => b - a)) {
      const activityType = random.pick(ACTIVITIES[player.position]);
      out.push({
        playerId: player.id,
        date: new Date(todayStart - daysBack * 86_400_000).toISOString().slice(0, 10),
        activityType,
        durationMinutes: 5 * random.int(6, 18),
        intensity: random.int(4, 9),
        notes: random.pick(NOTES[activityType]),
      });
    }
  }
  return out;
}
