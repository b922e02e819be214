/** The year of the build (vite.config.ts `define`): what the pre-rendered pages show before they hydrate. */
declare const __BUILD_YEAR__: number;
