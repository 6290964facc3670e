/**
 * Entry point. The configuration is checked before anything heavy is loaded, so that a bot
 * started without a token says at once what is missing and where to get it.
 */
import { ConfigError, loadConfig } from './config.js';

try {
  const config = loadConfig();
  const { run } = await import('./main.js');
  await run(config);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
}
