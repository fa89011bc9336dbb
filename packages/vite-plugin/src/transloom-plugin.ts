import type { BuildStepResult, DevSession, IndexedFile } from '@transloom/core';
import type { Plugin, ResolvedConfig, ViteDevServer } from 'vite';
import { catalogHotCode } from './catalog-hot-code.js';
import { CLIENT_ID, createInPlaceChoice } from './in-place-choice.js';
import {
  type BuildMode,
  buildModeOf,
  resolvePluginOptions,
  type TransloomPluginOptions,
} from './plugin-options.js';
import {
  createVirtualModules,
  existingJsonCatalogs,
  type VirtualCatalogs,
} from './virtual-modules.js';

// A catalog's JSON module as the app imports it (no `?raw`, `?url` and the like).
function jsonFile(id: string): string | undefined {
  const [file, query] = id.split('?', 2);
  if (!file || !/\.json$/i.test(file)) return undefined;
  return query === undefined || query === '' || /^(import|t=\d+)(&|$)/.test(query)
    ? file
    : undefined;
}

// The catalogs of the virtual modules: the JSON catalogs on disk and every locale of the project.
function virtualCatalogs(files: Iterable<IndexedFile>): VirtualCatalogs {
  const all = [...files];
  const locales = [...new Set(all.filter((f) => f.json).map((f) => f.locale))].sort();
  return { files: existingJsonCatalogs(all), locales };
}

/**
 * The Transloom Vite plugin. `vite dev` keeps every locale translated in the background
 * (after the server listens), lets a changed catalog reach the page as Vite would (in place
 * where the client helper runs) and shows problems in the overlay; `vite build` translates
 * first (`build: 'translate'`) or fails on anything missing (`build: 'frozen'`, the default
 * when `CI` is set). Apps can import every catalog from `virtual:transloom/resources`, one
 * locale's from `virtual:transloom/resources/<locale>`, and loaders from `virtual:transloom/loaders`.
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
  const devSession = (): Promise<DevSession> | undefined => {
    begin?.(); // a module asked for before the first request starts the work on demand
    return session;
  };
  // One translation per build, shared by every environment (client, SSR) it builds.
  let buildStep: Promise<BuildStepResult> | undefined;
  // A frozen (or `off`) step writes no catalog: Vite reads the catalogs beside it, and only
  // the build's end waits for its verdict.
  // Asked once per module Vite loads: the answer (which reads the environment) is kept.
  let writes: boolean | undefined;
  const stepWrites = () => (writes ??= buildModeOf(resolved) === 'translate');
  const buildOnce = (mode: BuildMode | undefined = resolved.build) => {
    buildStep ??= import('./build-step.js').then(({ runViteBuildStep }) =>
      runViteBuildStep(config.root, { ...resolved, build: mode }, config.logger),
    );
    return buildStep;
  };

  const virtual = createVirtualModules(resolved.namespace, () => config.logger);
  const inPlace = createInPlaceChoice(resolved.catalogUpdates, () => config.root);

  // The catalogs as the dev session or the build's step knows them.
  async function catalogs(): Promise<{ catalogs: VirtualCatalogs; dev: boolean }> {
    const dev = await devSession();
    if (dev) {
      await dev.ready();
      return { catalogs: virtualCatalogs(dev.files()), dev: true };
    }
    // Outside a build (a dev server with translation off), the configuration is only read.
    const step = await buildOnce(config.command === 'build' ? resolved.build : 'off');
    const files = await step.files();
    return { catalogs: virtualCatalogs(files ? files.files.values() : []), dev: false };
  }

  return {
    name: 'transloom',
    sharedDuringBuild: true,
    config: (user) => ({
      // The client helper is served as source, never pre-bundled: it gets its own
      // `import.meta.hot`, and the plugin sees in the module graph whether the app imports it.
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
        const { startDevSession } = await import('./dev-session.js');
        // A configuration read again may list other catalogs: pages that loaded a virtual
        // module get the new one (only then: Vite reloads a page that shows an overlay on its
        // first update).
        const dev = await startDevSession(server, resolved, (files) =>
          virtual.reloadChanged(server, virtualCatalogs(existingJsonCatalogs(files))),
        );
        current = dev;
        if (closed) await dev.close();
        else dev.start();
        return dev;
      });
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
    // The build's translation step runs beside the bundling of the code: when it translates,
    // the catalogs (JSON modules) wait for it, so they are read as it left them; a frozen
    // step (the lock and the files' hashes decide) blocks nothing. Either fails the build at
    // its end when it found a problem.
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
      return virtual.resolve(id);
    },
    async load(id) {
      if (virtual.owns(id)) {
        const found = await catalogs();
        try {
          return virtual.code(id, found.catalogs, found.dev);
        } catch (error) {
          return this.error((error as Error).message);
        }
      }
      if (config.command === 'build' && buildStep && stepWrites() && jsonFile(id)) await buildStep;
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
        if (!dev.file(file)?.json) return undefined;
        const environment = this.environment;
        const mod =
          environment && 'moduleGraph' in environment
            ? environment.moduleGraph.getModuleById(id)
            : undefined;
        if (!mod) return undefined;
        const client = `${config.base.endsWith('/') ? config.base : `${config.base}/`}@vite/client`;
        const taken = inPlace.of(id);
        const hot = catalogHotCode(code, { client, url: mod.url, inPlace: taken });
        if (!hot) return undefined;
        inPlace.record(id, taken);
        // What Vite's import analysis records for a script that accepts itself, when the
        // module takes its updates in place; else Vite propagates them as without the plugin.
        mod.isSelfAccepting = taken;
        return { code: hot, map: null };
      },
    },
    async hotUpdate(update) {
      // The session sends the catalog's content to the pages (`transloom:update`) itself.
      const file = current?.file(update.file);
      if (!file) return undefined;
      if (this.environment.config.consumer === 'client' && file.json) {
        // Before Vite looks for the modules that accept the update: in place (the module
        // itself), or Vite's own way (an importer's accept, a framework boundary, a reload).
        const taken = await inPlace.decide(this.environment);
        for (const mod of update.modules) {
          if (!mod.id || !inPlace.has(mod.id)) continue;
          inPlace.record(mod.id, taken);
          mod.isSelfAccepting = taken;
        }
      }
      // A catalog that appeared or went away changes the imports of the modules listing its locale.
      if (update.type === 'update') return undefined;
      const listing = virtual
        .listing(file.locale)
        .map((id) => this.environment.moduleGraph.getModuleById(id))
        .filter((mod) => mod !== undefined);
      if (listing.length === 0) return undefined;
      for (const mod of listing)
        this.environment.moduleGraph.invalidateModule(mod, new Set(), update.timestamp, true);
      return [...update.modules, ...listing];
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
