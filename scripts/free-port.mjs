#!/usr/bin/env node
// Prints one TCP port that is free on 127.0.0.1 and lies below the kernel's ephemeral range, so no outgoing
// connection (to PostgreSQL, to Chromium's DevTools, to anything) can be handed that port while a test server
// starts on it. A random port inside the range once collided with one (EADDRINUSE in the CI of stop 27).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Lowest ephemeral port (Linux `ip_local_port_range`; 32768 when unreadable). */
function ephemeralLow() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return Number.isInteger(low) && low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** Resolves true when `port` can be bound on 127.0.0.1 now. */
function bindable(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

const low = 20_000;
const high = Math.min(ephemeralLow(), 65_536);
for (let attempt = 0; attempt < 100 && high - low > 100; attempt += 1) {
  const port = low + Math.floor(Math.random() * (high - low));
  if (await bindable(port)) {
    process.stdout.write(`${port}\n`);
    process.exit(0);
  }
}
process.stderr.write(`free-port: no free port found between ${low} and ${high}\n`);
process.exit(1);
