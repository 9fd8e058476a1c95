/**
 * Runs the simulated panel until SIGINT/SIGTERM:
 *   node out/test/panel/cli.js [--dataset demo|showcase|large|huge|empty] [--port N] [--https] [--https-name NAME] [--job-step-ms N]
 *                              [--log-follow] [--log-lines-per-second N] [--log-limit-seconds N]
 *                              [--latency-ms N] [--max-in-flight N] [--retry-after S] [--reading first|second|third|random:SEED]
 * Prints one line of JSON `{"url":...,"tokens":{...},"ca"?:...}` to stdout; with `--reading random:SEED` the seed's
 * table of choices (describeRandomReading) goes to stderr first.
 */
import { startPanel } from './index';
import { describeRandomReading, READINGS, randomSeed, readingNamed } from './readings';
import type { Dataset, PanelOptions } from './types';

function parseArguments(argv: readonly string[]): PanelOptions {
  const options: PanelOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--dataset': {
        const dataset = value();
        if (!['demo', 'showcase', 'large', 'huge', 'empty'].includes(dataset)) throw new Error(`unknown data set ${dataset}`);
        options.dataset = dataset as Dataset;
        break;
      }
      case '--port':
        options.port = Number(value());
        break;
      case '--https':
        options.https = options.https || true;
        break;
      case '--https-name': {
        // Another name (or IPv4 address) the certificate holds besides 127.0.0.1 and localhost.
        const names = typeof options.https === 'object' ? (options.https.names ?? []) : [];
        options.https = { names: [...names, value()] };
        break;
      }
      case '--job-step-ms':
        options.jobStepMs = Number(value());
        break;
      case '--log-follow':
        options.logStream = { ...options.logStream, follow: true };
        break;
      case '--log-lines-per-second':
        options.logStream = { ...options.logStream, follow: true, linesPerSecond: Number(value()) };
        break;
      case '--log-limit-seconds':
        options.logStream = { ...options.logStream, limitMs: Number(value()) * 1000 };
        break;
      case '--engine':
        options.engine = value();
        break;
      case '--messenger':
        options.messenger = value();
        break;
      case '--latency-ms':
        options.latencyMs = Number(value());
        break;
      case '--max-in-flight':
        options.inFlightLimit = { ...options.inFlightLimit, max: Number(value()) };
        break;
      case '--retry-after':
        options.inFlightLimit = { max: options.inFlightLimit?.max ?? Infinity, retryAfterSeconds: Number(value()) };
        break;
      case '--reading': {
        // Every route of the switch plays this reading (SHAPES.md "Readings").
        const name = value();
        const reading = readingNamed(name);
        if (!reading) throw new Error(`unknown reading ${name} (one of ${READINGS.join(', ')}, random:<seed>)`);
        options.readings = { ...options.readings, reading };
        break;
      }
      default:
        throw new Error(`unknown argument ${flag}`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const seed = randomSeed(options.readings?.reading);
  if (seed !== undefined) process.stderr.write(`${describeRandomReading(seed).join('\n')}\n`);
  const panel = await startPanel(options);
  process.stdout.write(`${JSON.stringify({ url: panel.url, tokens: panel.tokens, ...(panel.ca ? { ca: panel.ca } : {}) })}\n`);
  const stop = () => {
    panel.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`panel: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
