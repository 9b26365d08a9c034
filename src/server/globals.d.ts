declare module "*.sql" {
  const text: string;
  export default text;
}

/** Defined by scripts/compile.ts: the binary carries the client bundle built at compile time. */
declare const CRATE_EMBEDDED_BUNDLE: boolean | undefined;
