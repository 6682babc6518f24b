#!/usr/bin/env node
'use strict';
// node infra/bench/compare.js <other checkout>: GET /api/appointments and POST /api/appointments (a booking, a distinct
// free slot each) of this checkout and of another one (e.g. a
// git worktree of the commit before a change, with node_modules linked and its gateway and services built), both
// platforms started side by side (own ports, databases and bus namespaces) and measured alternately, so the
// machine's drift and other people's load hit both alike. Prints each round's ratio (this ÷ other), the median,
// and the CPU per request of each checkout's processes. BENCH_ROUNDS (default 5), BENCH_DURATION (default 10);
// BENCH_BOOKING_ROUNDS (default 3) booking rounds follow, each taking slots for good (BENCH_BOOKING_DURATION, default
// 2 s): the prepared data leaves a few hundred free slots per side, and a booking past them would be a 409.
// The other checkout's own infra/bench is loaded, so it must be this one or later (lib.js reading BENCH_PORT,
// appointments.bench.js exporting newPatient and prepareDatabase): for an older commit, copy this infra/bench in.
const path = require('node:path');
const { runMain, onShutdown } = require('./shutdown');

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 5));
const BOOKING_ROUNDS = Math.max(0, Number(process.env.BENCH_BOOKING_ROUNDS ?? 3));
const BOOKING_DURATION = Math.max(1, Number(process.env.BENCH_BOOKING_DURATION || 2));

async function startCheckout(root, port) {
  process.env.BENCH_PORT = String(port); // read by that checkout's lib.js when it loads
  process.env.AFYA_NATS_PORT = String(port + 1); // each platform's own nats-server (both would take the runner's default)
  const lib = require(path.join(root, 'infra/bench/lib.js'));
  const bench = require(path.join(root, 'infra/bench/appointments.bench.js'));
  const platform = await lib.platformUnderTest();
  onShutdown(() => platform.stop()); // the other checkout's lib.js has its own shutdown registry: stop it from ours too
  const reader = await bench.newPatient(platform.url, 'Reader');
  const prepared = await bench.prepareDatabase(platform.databaseUrl, reader.userId);
  const target = { url: `${platform.url}/api/appointments`, headers: { authorization: `Bearer ${reader.token}` } };
  let slots;
  return {
    root,
    platform,
    measure: (label) => lib.measure(label, target),
    // A new patient each round, so no round books after another's bookings of the same patient. One slot cursor for
    // every round (a bench code that has it): a slot still in flight when a round ends is never offered again.
    book: async () => {
      slots ??= bench.slotCursor ? await bench.slotCursor(platform.databaseUrl, prepared.doctorIds) : undefined;
      const token = (await bench.newPatient(platform.url, 'Booker')).token;
      return bench.measureBookings(platform.url, platform.databaseUrl, token, prepared.doctorIds, BOOKING_DURATION, undefined, { slots });
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const other = process.argv[2];
  if (!other) throw new Error('usage: node infra/bench/compare.js <other checkout>');
  const here = await startCheckout(path.resolve(__dirname, '../..'), 3600);
  const there = await startCheckout(path.resolve(other), 3400);
  const rounds = [];
  const bookings = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate who goes first, so neither always follows the other's load.
      const [first, second] = round % 2 ? [there, here] : [here, there];
      const a = await first.measure(first.root);
      const b = await second.measure(second.root);
      const [mine, theirs] = first === here ? [a, b] : [b, a];
      rounds.push({ mine, theirs, ratio: mine.rps / theirs.rps });
      process.stderr.write(`[compare] round ${round + 1}: this ${mine.rps} req/s, other ${theirs.rps} req/s, ratio ${(mine.rps / theirs.rps).toFixed(2)}\n`);
    }
    for (let round = 0; round < BOOKING_ROUNDS; round++) {
      const [first, second] = round % 2 ? [there, here] : [here, there];
      const a = await first.book();
      const b = await second.book();
      const [mine, theirs] = first === here ? [a, b] : [b, a];
      // A round where some bookings were refused (a 400 or 409 answers faster than a booking) does not count.
      const refused = mine.non2xx + theirs.non2xx;
      if (refused) {
        process.stderr.write(`[compare] booking round ${round + 1} left out: refused ${mine.non2xx} here, ${theirs.non2xx} there\n`);
        continue;
      }
      bookings.push({ mine, theirs, ratio: mine.rps / theirs.rps });
      process.stderr.write(`[compare] booking round ${round + 1}: this ${mine.rps} req/s, other ${theirs.rps} req/s, ratio ${(mine.rps / theirs.rps).toFixed(2)} (free slots before: ${mine.freeSlots}, ${theirs.freeSlots})\n`);
    }
  } finally {
    await here.platform.stop();
    await there.platform.stop();
  }
  const cpu = (side) => {
    const roles = ['gateway', 'appointment service', 'nats-server', 'postgres', 'load generator'];
    return roles.map((role) => `${role} ${median(rounds.map((r) => r[side].cpuPerRequest?.[role] ?? 0))}`).join(', ');
  };
  process.stdout.write(
    `GET /api/appointments, this checkout ÷ ${path.resolve(other)}: median ${median(rounds.map((r) => r.ratio)).toFixed(2)} ` +
      `(rounds ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}); req/s this ${median(rounds.map((r) => r.mine.rps))}, other ${median(rounds.map((r) => r.theirs.rps))}\n` +
      `CPU µs per request (medians), this: ${cpu('mine')}\nCPU µs per request (medians), other: ${cpu('theirs')}\n` +
      (bookings.length
        ? `POST /api/appointments, this ÷ other: median ${median(bookings.map((r) => r.ratio)).toFixed(2)} (rounds ${bookings.map((r) => r.ratio.toFixed(2)).join(', ')}); ` +
          `req/s this ${median(bookings.map((r) => r.mine.rps))}, other ${median(bookings.map((r) => r.theirs.rps))}; p99 ms this ${median(bookings.map((r) => r.mine.p99))}, other ${median(bookings.map((r) => r.theirs.p99))}\n`
        : ''),
  );
}

runMain(main, 'compare.js');
