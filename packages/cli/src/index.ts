export { type CliIo, EXIT, UsageError } from './cli-io.js';
export { type ExtractResult, extractKeys, type FoundKey } from './extract-keys.js';
export { jsonSummary } from './format-report.js';
export { type ChooseServiceOptions, chooseService, type ServiceChoice } from './open-service.js';
export { CLI_VERSION, runCli, USAGE } from './run-cli.js';
