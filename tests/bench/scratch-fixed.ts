import { runFixedRate } from "./support/fixed-rate.ts";

const [users = "200", listeners = "100", rate = "500", ...cmd] = process.argv.slice(2);
const command = cmd.length ? cmd : [process.execPath, `${import.meta.dir}/../../src/server/main.ts`];
const watch = process.env.STRACE
  ? (pid: number) => {
      const tracer = Bun.spawn(
        [
          "strace",
          "-f",
          "-T",
          "-tt",
          "-e",
          "trace=fsync,fdatasync,pwrite64,pread64",
          "-o",
          process.env.STRACE as string,
          "-p",
          String(pid),
        ],
        { stderr: "ignore" },
      );
      return async () => {
        tracer.kill("SIGINT");
        await tracer.exited;
      };
    }
  : undefined;
const f = await runFixedRate({
  command,
  users: +users,
  listeners: +listeners,
  likes: 30,
  newLikes: 5,
  rate: +rate,
  aloneMs: 5000,
  mix: (process.env.MIX ?? "2,1,1").split(",").map(Number),
  watch,
  log: (l) => console.error(l),
});
console.log(
  JSON.stringify(
    {
      alone: f.alone,
      withJob: f.withJob,
      jobAloneMs: f.jobAloneMs,
      jobLoadedMs: f.jobLoadedMs,
      jobUsers: f.jobUsers,
    },
    null,
    1,
  ),
);
