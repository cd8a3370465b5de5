/**
 * Whether a file's activity is a bicycle ride, from the sport it names: a FIT session's sport, a TCX
 * activity's Sport, a GPX track's type, a Strava export's "Activity Type". Only sports that are plainly not
 * on a bicycle count against a file (a run, a walk, a swim); an unknown or missing sport is a ride.
 */

const NOT_ON_A_BICYCLE =
  /(?:^| )(?:run|running|walk|walking|hike|hiking|trekking|swim|swimming|ski|skiing|snowboarding|snowshoe|snowshoeing|rowing|paddling|paddleboarding|kayaking|canoeing|surfing|yoga|mountaineering|rock climbing|strength training|weight training|golf|tennis|soccer)(?:$| )/;

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
