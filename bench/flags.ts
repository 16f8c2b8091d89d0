/** The flag walk both bench scenarios share (bench/options.ts, bench/saturday/options.ts). */

/** The PostgreSQL admin URL a fresh bench database is made on, unless --pg-url says otherwise. */
export function defaultPgUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres"
  );
}

/** Flags every scenario takes the same way. */
export interface CommonFlags {
  pgUrl: string;
  logLevel: string;
  outDir: string;
}

/**
 * Walks argv: --quick (read by the caller beforehand), --pg-url, --log-level, --out and --help are handled here;
 * every other flag goes to `onFlag`, which returns false for a flag it does not know. `value()` takes the flag's
 * value (the next argument) or throws when there is none.
 */
export function walkFlags(
  argv: readonly string[],
  usage: () => string,
  common: CommonFlags,
  onFlag: (flag: string, value: () => string) => boolean,
): void {
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--quick":
        continue;
      case "--pg-url":
        common.pgUrl = value();
        continue;
      case "--log-level":
        common.logLevel = value();
        continue;
      case "--out":
        common.outDir = value();
        continue;
      case "--help":
      case "-h":
        console.log(usage());
        process.exit(0);
    }
    if (!onFlag(flag, value)) throw new Error(`unknown option "${flag}"\n\n${usage()}`);
  }
}
