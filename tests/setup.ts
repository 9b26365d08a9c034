// Loaded before every test file (bunfig.toml). Keeps server logs quiet unless asked for.
process.env.LOG_LEVEL ??= "silent";
