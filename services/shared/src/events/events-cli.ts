import { NatsConnection } from 'nats';
import { connectNats } from './nats-connection';
import { DeadLetter, DeadLetterFilter, listDeadLetters, replayDeadLetters } from './dead-letters';
import { applyStreams, declaredStreams } from './streams';

const USAGE = `usage: node services/shared/dist/events/events-cli.js <command>
  streams apply                          create or update the bus namespace's JetStream streams (streams.ts)
  dlq list   [--consumer NAME] [--seq N] [--json]   dead letters: consumer, event, deliveries, last error
  dlq replay [--consumer NAME] [--seq N] [--all]    publish them again for the consumer that gave up, remove them
Environment: NATS_URL, AFYA_BUS (namespace, default afya), NATS_STREAM_REPLICAS and the other streams.ts settings.`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function filterFrom(args: string[]): DeadLetterFilter {
  const seq = option(args, '--seq');
  if (seq !== undefined && !/^\d+$/.test(seq)) throw new Error(`--seq takes a dead-letter sequence number, got '${seq}'`);
  return { consumer: option(args, '--consumer'), seq: seq === undefined ? undefined : Number(seq) };
}

function line(letter: DeadLetter): string {
  return [letter.seq, letter.at, letter.consumer, letter.eventType ?? '?', letter.eventId ?? '?', `${letter.subject}#${letter.streamSequence}`, `${letter.deliveries}x`, letter.error].join('\t');
}

/** One command of the CLI on an open connection; what it prints goes to `print` (console.log when run as a command). */
export async function runEventsCli(nc: NatsConnection, args: string[], print: (line: string) => void = console.log): Promise<void> {
  const [group, command] = args;
  if (group === 'streams' && command === 'apply') {
    for (const { name, action } of await applyStreams(nc)) print(`${name}: ${action}`);
    const declared = declaredStreams();
    print(`replicas ${declared[0].num_replicas}; events kept ${declared[0].max_age / 86400e9} days, dead letters ${declared[1].max_age / 86400e9} days`);
    return;
  }
  if (group === 'dlq' && command === 'list') {
    const letters = await listDeadLetters(nc, filterFrom(args));
    if (args.includes('--json')) print(JSON.stringify(letters, null, 2));
    else {
      print(['seq', 'at', 'consumer', 'type', 'event id', 'subject#sequence', 'deliveries', 'last error'].join('\t'));
      for (const letter of letters) print(line(letter));
      print(`${letters.length} dead letter(s)`);
    }
    return;
  }
  if (group === 'dlq' && command === 'replay') {
    const filter = filterFrom(args);
    if (filter.seq === undefined && !filter.consumer && !args.includes('--all')) {
      throw new Error('dlq replay needs --seq N, --consumer NAME or --all (replaying everything is a choice to make)');
    }
    const replayed = await replayDeadLetters(nc, filter);
    for (const letter of replayed) print(`replayed ${line(letter)}`);
    print(`${replayed.length} dead letter(s) replayed`);
    return;
  }
  throw new Error(USAGE);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (!args.length || args.includes('--help')) {
    console.log(USAGE);
    return;
  }
  // The bus user `ops` (stream administration): NATS_USER/NATS_PASSWORD in k8s, its entry of AFYA_NATS_USERS_FILE locally.
  const nc = await connectNats('afya-events-cli', 'ops');
  try {
    await runEventsCli(nc, args);
  } finally {
    await nc.drain();
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`events-cli: ${error.message}`);
    process.exit(1);
  });
}
