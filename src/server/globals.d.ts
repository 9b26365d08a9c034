declare module "*.sql" {
  const text: string;
  export default text;
}

/** true in the compiled binary (`scripts/compile.ts` defines it); undefined when run from source */
declare const CRATE_EMBEDDED_BUNDLE: boolean | undefined;

/** the page renderer worker's path inside the compiled binary (`scripts/compile.ts` defines it) */
declare const CRATE_PAGE_RENDERER: string | undefined;

/** the checkpoint worker's path inside the compiled binary (`scripts/compile.ts` defines it) */
declare const CRATE_CHECKPOINT_WORKER: string | undefined;

/** the commit the binary was built from (`scripts/compile.ts` defines it); undefined when run from source */
declare const CRATE_COMMIT: string | undefined;
