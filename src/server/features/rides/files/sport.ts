/**
 * Whether a file's activity is a bicycle ride, from the sport it names: a FIT session's sport, a TCX
 * activity's Sport, a GPX track's type, a Strava export's "Activity Type". Only sports that are plainly not
 * on a bicycle count against a file (a run, a walk, a swim); an unknown or missing sport is a ride.
 */

/**
 * Words of sports that are plainly not ridden on a bicycle: FIT's and TCX's sport names, and every such type in
 * Strava's documented list (its API's SportType, e.g. "IceSkate", and the export's "Ice Skate"). Generic ones
 * ("Workout", "training", "fitness equipment", which FIT also uses for indoor cycling) stay rides.
 */
const NOT_ON_A_BICYCLE_WORDS = [
  // On foot
  "run, running, walk, walking, hike, hiking, trekking, mountaineering, snowshoe, snowshoeing, wheelchair",
  // On and in water
  "swim, swimming, row, rowing, paddling, paddleboarding, kayak, kayaking, canoe, canoeing",
  "surf, surfing, kitesurf, kitesurfing, windsurf, windsurfing, sail, sailing",
  // On snow, ice and wheels of other kinds
  "ski, skiing, snowboard, snowboarding, ice skate, ice skating, inline skate, inline skating",
  "skateboard, skateboarding",
  // Indoors and on courts
  "rock climb, rock climbing, strength training, weight training, crossfit, elliptical, stair stepper",
  "hiit, high intensity interval training, pilates, yoga",
  "golf, tennis, soccer, badminton, squash, racquetball, pickleball, padel",
].flatMap((line) => line.split(", "));
const NOT_ON_A_BICYCLE = new RegExp(`(?:^| )(?:${NOT_ON_A_BICYCLE_WORDS.join("|")})(?:$| )`);

/** "trail_running", "crossCountrySkiing", "E-Bike Ride" → "trail running", "cross country skiing", "e bike ride". */
export function sportWords(sport: string): string {
  return sport
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_\-\s]+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * The sport, in words, when every sport the file names is plainly not ridden on a bicycle; undefined when
 * the file is a ride, names no sport, or names a bicycle sport among others (a triathlon).
 */
export function notOnABicycle(sports: readonly string[]): string | undefined {
  const words = sports.map(sportWords).filter((s) => s !== "" && s !== "generic" && s !== "other");
  if (words.length === 0 || !words.every((s) => NOT_ON_A_BICYCLE.test(s))) return undefined;
  return words[0];
}
