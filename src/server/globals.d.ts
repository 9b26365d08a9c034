declare module "*.sql" {
  const text: string;
  export default text;
}

/** true in the compiled binary (`scripts/compile.ts` defines it); undefined when run from source */
declare const CRATE_EMBEDDED_BUNDLE: boolean | undefined;
