import { readFileSync } from "node:fs";
import net from "node:net";

const LOWEST = 20_000;

/** Where the ports the system hands to outgoing connections begin (Linux: 32768 unless configured). */
function ephemeralRangeStart(): number {
  try {
    const start = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0]);
    return start > LOWEST + 1_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A random port below the system's ephemeral range: an outgoing connection (a browser's, a database
 * client's) never takes it, which a port from that range (even one the system just handed out) can.
 */
export function portOutsideEphemeralRange(): number {
  return LOWEST + Math.floor(Math.random() * (ephemeralRangeStart() - LOWEST));
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A port outside the ephemeral range that nothing listens on now. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = portOutsideEphemeralRange();
    if (await isFree(port)) return port;
  }
}
