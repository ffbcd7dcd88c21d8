// Which build is running: the Node one (dist/) or the web one (dist/web/, the browser's Web Worker extension host).
// esbuild.mjs defines NEAR_LENS_WEB in each bundle; run from source (unit tests) it is absent: the Node build.

declare const NEAR_LENS_WEB: boolean | undefined;

/** The web build: requests leave from a browser page (CORS applies), SecretStorage lives in the browser's storage. */
export const WEB_BUILD = typeof NEAR_LENS_WEB !== 'undefined' && NEAR_LENS_WEB;
