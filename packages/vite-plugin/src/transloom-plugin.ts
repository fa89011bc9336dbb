import { relative } from 'node:path';
import type { Plugin, ResolvedConfig, ViteDevServer } from 'vite';
import type { BuildStepResult } from './build-step.js';
import { acceptCatalogInPlace } from './catalog-hot-code.js';
import { type CatalogFile, existingJsonCatalogs } from './catalog-index.js';
import type { DevSession } from './dev-session.js';
import { resolvePluginOptions, type TransloomPluginOptions } from './plugin-options.js';
import { RESOLVED_RESOURCES_ID, RESOURCES_ID, resourcesModuleCode } from './resources-module.js';
import { createUpdateBatcher, UPDATE_EVENT, type UpdateBatcher } from './update-batcher.js';

/** The client helper: served as source, never pre-bundled, so it gets its own `import.meta.hot`. */
const CLIENT_ID = '@transloom/vite-plugin/client';

// A catalog's JSON module as the app imports it (no `?raw`, `?url` and the like).
function jsonFile(id: string): string | undefined {
  const [file, query] = id.split('?', 2);
  if (!file || !/\.json$/i.test(file)) return undefined;
  return query === undefined || query === '' || /^(import|t=\d+)(&|$)/.test(query)
    ? file
    : undefined;
}

/**
 * The Transloom Vite plugin. `vite dev` keeps every locale translated in the background
 * (after the server listens), sends changed catalogs to the page without a reload and shows
 * problems in the overlay; `vite build` translates first (`build: 'translate'`) or fails on
 * anything missing (`build: 'frozen'`, the default when `CI` is set). Apps can import every
 * catalog from `virtual:transloom/resources`.
 */
export function transloom(options: TransloomPluginOptions = {}): Plugin {
  const resolved = resolvePluginOptions(options);
  let config: ResolvedConfig;
  // The dev session, made (and its modules loaded) once the server listens: before that the
  // plugin is only these hooks, so it costs nothing while Vite loads its config and starts.
  let session: Promise<DevSession> | undefined;
  let current: DevSession | undefined;
  let begin: (() => void) | undefined;
  let begun = false;
  let closed = false;
  let batcher: UpdateBatcher | undefined;
  const devSession = (): Promise<DevSession> | undefined => {
    begin?.(); // a module asked for before the first request starts the work on demand
    return session;
  };
  // One translation per build, shared by every environment (client, SSR) it builds.
  let buildStep: Promise<BuildStepResult> | undefined;
  const buildOnce = (mode = resolved.build) => {
    buildStep ??= import('./build-step.js').then(({ runBuildStep }) =>
      runBuildStep(config.root, { ...resolved, build: mode }, config.logger),
    );
    return buildStep;
  };

  // The code of the resources module for these catalogs (duplicated namespaces logged).
  function resourcesCode(files: readonly CatalogFile[]): string {
    const { code, duplicates } = resourcesModuleCode(
      files.map((f) => ({
        path: f.path,
        locale: f.locale,
        namespace: resolved.namespace(f.file, f.locale),
      })),
    );
    for (const d of duplicates)
      config.logger.warn(
        `transloom: ${d.path} is a second '${d.namespace}' catalog of '${d.locale}'; the first one is used`,
      );
    return code;
  }
  // What the dev server last served as the resources module.
  let served: string | undefined;

  async function resources(): Promise<string> {
    let files: CatalogFile[];
    const dev = await devSession();
    if (dev) {
      await dev.ready();
      files = existingJsonCatalogs(dev.catalogs());
    } else {
      // Outside a build (a dev server with translation off), the configuration is only read.
      const { index } = await buildOnce(config.command === 'build' ? resolved.build : 'off');
      files = index ? existingJsonCatalogs(index.files.values()) : [];
    }
    const code = resourcesCode(files);
    if (dev) served = code;
    return code;
  }

  // A configuration read again may list other catalogs: pages that loaded the resources module
  // get the new one. Only then: Vite reloads a page that shows an overlay on its first update.
  async function catalogsRead(server: ViteDevServer, files: CatalogFile[]): Promise<void> {
    if (served === undefined || resourcesCode(files) === served) return;
    for (const environment of Object.values(server.environments)) {
      const mod = environment.moduleGraph.getModuleById(RESOLVED_RESOURCES_ID);
      if (mod) await environment.reloadModule(mod);
    }
  }

  return {
    name: 'transloom',
    sharedDuringBuild: true,
    config: (user) => ({
      optimizeDeps: { exclude: [CLIENT_ID] },
      // The engine's state (run lock, translation memory) changes on every run: not for the
      // watcher (unless the app turned the watcher off, which this must not undo).
      ...(user.server?.watch === null
        ? {}
        : { server: { watch: { ignored: ['**/.transloom/**'] } } }),
    }),
    configResolved(resolvedConfig) {
      config = resolvedConfig;
    },
    configureServer(server: ViteDevServer) {
      // Under vitest (mode `test`) the app's tests run, not its translations.
      if (!resolved.dev || server.config.mode === 'test') return;
      const started = new Promise<void>((resolve) => {
        begin = () => {
          begun = true;
          resolve();
        };
      });
      session = started.then(async () => {
        const { createDevSession } = await import('./dev-session.js');
        const dev = createDevSession(server, resolved, (files) => catalogsRead(server, files));
        current = dev;
        if (closed) await dev.close();
        else dev.start();
        return dev;
      });
      batcher = createUpdateBatcher((update) =>
        server.ws.send({ type: 'custom', event: UPDATE_EVENT, data: update }),
      );
      // Work starts once the server listens and Vite has printed its ready line (the CLI prints
      // it when `listen` resolves; the timer runs after that). In middleware mode, with the
      // host's first request.
      const listen = server.listen;
      server.listen = async function (this: ViteDevServer, ...args) {
        const result = await listen.apply(this, args);
        setTimeout(() => begin?.(), 0);
        return result;
      };
      if (!server.httpServer)
        server.middlewares.use((_req, _res, next) => {
          begin?.();
          next();
        });
    },
    // The build's translation step runs beside the bundling of the code: only the catalogs
    // (JSON modules) wait for it, so they are read as it left them, and the build fails at
    // its end when the step found a problem.
    buildStart() {
      // Awaited (and its problem raised) in buildEnd.
      if (config.command === 'build' && resolved.build !== 'off') buildOnce().catch(() => {});
    },
    async buildEnd() {
      if (config.command !== 'build' || resolved.build === 'off') return;
      const { problem } = await buildOnce();
      if (!problem) return;
      this.error({
        message: `transloom: ${problem.message}`,
        ...(problem.file ? { id: problem.file } : {}),
        ...(problem.file && problem.line !== undefined
          ? { loc: { file: problem.file, line: problem.line, column: problem.column ?? 1 } }
          : {}),
      });
    },
    resolveId(id) {
      return id === RESOURCES_ID ? RESOLVED_RESOURCES_ID : undefined;
    },
    async load(id) {
      if (id === RESOLVED_RESOURCES_ID) return resources();
      if (config.command === 'build' && buildStep && jsonFile(id)) await buildStep;
      return undefined;
    },
    // After Vite's JSON plugin compiled the catalog (a plain hook runs after Vite's own).
    transform: {
      async handler(code, id, transformOptions) {
        if (!session) return undefined;
        const file = jsonFile(id);
        if (!file) return undefined;
        const consumer =
          this.environment?.config.consumer ?? (transformOptions?.ssr ? 'server' : 'client');
        // On the server a changed catalog invalidates its importers instead (the next render reads it anew).
        if (consumer !== 'client') return undefined;
        const dev = (await devSession())!;
        await dev.ready();
        if (!dev.catalog(file)?.json) return undefined;
        const environment = this.environment;
        const mod =
          environment && 'moduleGraph' in environment
            ? environment.moduleGraph.getModuleById(id)
            : undefined;
        if (!mod) return undefined;
        const client = `${config.base.endsWith('/') ? config.base : `${config.base}/`}@vite/client`;
        const accepted = acceptCatalogInPlace(code, { client, url: mod.url });
        if (!accepted) return undefined;
        // What Vite's import analysis records for a script that accepts itself.
        mod.isSelfAccepting = true;
        return { code: accepted, map: null };
      },
    },
    async hotUpdate(update) {
      const file = current?.catalog(update.file);
      if (!file) return undefined;
      if (this.environment.config.consumer === 'client' && batcher) {
        let content: unknown;
        if (file.json && update.type !== 'delete') {
          try {
            content = JSON.parse(await update.read());
          } catch {
            content = undefined; // saved mid-edit: the file is listed, its content is not sent
          }
        }
        batcher.add({
          locale: file.locale,
          file: relative(config.root, file.path).replaceAll('\\', '/'),
          ...(file.json ? { namespace: resolved.namespace(file.file, file.locale) } : {}),
          content,
        });
      }
      // A catalog that appeared or went away changes the resources module's imports.
      const resourcesModule = this.environment.moduleGraph.getModuleById(RESOLVED_RESOURCES_ID);
      if (update.type === 'update' || !resourcesModule) return undefined;
      this.environment.moduleGraph.invalidateModule(
        resourcesModule,
        new Set(),
        update.timestamp,
        true,
      );
      return [...update.modules, resourcesModule];
    },
    watchChange() {
      // `vite build --watch`: the next rebuild translates (or checks) again.
      if (config.command === 'build') buildStep = undefined;
    },
    async closeBundle() {
      if (config.command !== 'serve') return;
      closed = true;
      // A session never begun has nothing to close (and is not begun for it).
      if (begun) await (await session)?.close();
    },
  };
}
