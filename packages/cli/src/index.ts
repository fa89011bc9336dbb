export { type CliIo, EXIT } from './cli-io.js';
export { exitCodeOf } from './exit-code.js';
export { startLocalService } from './local-service.js';
export { CLI_VERSION, runCli, USAGE } from './run-cli.js';
