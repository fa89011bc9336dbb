// One ConfigError for the client's options and a project's configuration: hosts catch one class.
export { ConfigError, type ConfigIssue } from '@transloom/client/errors';
