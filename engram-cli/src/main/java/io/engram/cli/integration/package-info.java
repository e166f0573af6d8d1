/**
 * Engram inside an agent: {@code hook [--agent AGENT] EVENT} answers one hook call (Claude Code's contract, or the
 * agent's own through {@link io.engram.hooks.HookDialect}), {@code hooks install|uninstall [--agent AGENT]} sets
 * Engram up in that agent's files, {@code daemon start|stop|status|run}
 * manages the resident service ({@link io.engram.service}), and {@code mcp} serves the project's memory as
 * an MCP server (stdio or HTTP).
 *
 * <p>{@code HookCommand} reads the hook's JSON from stdin and hands it to the resident service when one runs
 * (the launcher asks it over bash's /dev/tcp or with curl before any JVM starts; this command asks it too, for hooks installed as
 * {@code java -jar}). Otherwise it answers here: it runs the core's {@link io.engram.hooks.HookRunner} with
 * recall wired for a hook ({@code RecallWiring.Caller.HOOK}: no vectors under {@code recall.vectors = AUTO},
 * since loading the embedder costs seconds in a new JVM), prints the {@code additionalContext} answer (the log
 * goes to stderr) and starts the service in the background for the next call; a SessionEnd, whose 1.5 s cannot
 * hold that work, is queued for the service instead (under bash the launcher queues a Claude Code SessionEnd itself,
 * the same file, and no JVM starts for it). {@code ENGRAM_SERVICE=off} keeps every call in its own
 * process. The root's {@code LeanCommandLine} builds a command line of {@code hook} alone, for the calls a JVM
 * answers. {@code DaemonCommand} starts the service detached and waits until it answers, stops it, shows its
 * status, or runs it in the foreground.
 *
 * <p>{@code hooks install} and {@code hooks uninstall} ({@code HooksInstall}, {@code HooksUninstall}, on what {@code
 * AgentSetupEdit} gives both: the agent, the scope, its files, the printed outcome) edit the files of a scope ({@code
 * project}: the project's, committed, such as {@code .claude/settings.json}; {@code local}: Claude Code's {@code
 * .claude/settings.local.json}; {@code user}: the agent's files in the home directory) through {@link io.engram.hooks.AgentSetup}, locking under {@code <home>/locks} so
 * nothing is left in the agent's folder. The command the hooks run: {@code --command} when
 * given; for the committed project file the portable {@code engram} (with a warning when it is not on the
 * PATH), since a shared file must not name this machine's paths; for the personal files this machine's
 * launcher (on the PATH, else the one {@code engram install} recorded), else {@code java -jar '<running
 * jar>'} with a warning that it breaks when the jar moves and starts a JVM per call. {@code --scope local} also
 * lists the file in {@code .gitignore}.
 *
 * <p>{@code McpCommand} builds the MCP server's services with the same wiring as the other commands (the
 * on-disk index, vectors as for an interactive caller, the configured model). Over stdio it sends
 * whatever is printed to {@code System.out} to stderr, so stdout carries only protocol messages; over HTTP
 * ({@code --http PORT}, {@code --bind}, loopback by default) it takes its bearer token from {@code
 * ENGRAM_MCP_TOKEN} or generates one and prints it on stderr.
 *
 * <p>Where to start: {@code HookCommand}.
 */
package io.engram.cli.integration;
