package io.engram.cli.install;

import io.engram.cli.global.RunningJar;
import io.engram.cli.output.ShellWords;
import io.engram.hooks.HookDialect;
import io.engram.hooks.HookEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The {@code engram} launcher that {@code engram install} puts on the PATH: a shell script (run by bash where
 * there is one, else by {@code /bin/sh}; POSIX either way) that runs the installed jar with {@code java} from the
 * PATH, else with the Java that installed it. Its second line
 * marks it as Engram's, which is how install and uninstall tell it from a file they must not touch.
 *
 * <p>For {@code engram hook EVENT} and {@code engram hook --agent AGENT EVENT} (or {@code --agent=AGENT}; what a coding
 * agent runs before every prompt and after every turn, the event in Claude Code's name or the agent's own, such as
 * Gemini CLI's {@code BeforeAgent} or Cursor's {@code stop}) it first asks Engram's resident service, naming the agent in an {@code Engram-Agent}
 * header (only the agents Engram knows are passed on; any other spelling goes to the JVM, which refuses it by name): under bash 4 or later with bash's own {@code /dev/tcp} and the address line
 * the service left in {@code <home>/service/hook-EVENT.addr} (no process started: a curl alone costs about as
 * much as the service's whole answer), else with {@code curl} and the configuration in
 * {@code <home>/service/hook-EVENT.curl}; a JVM start alone costs more than the whole answer. Only when the
 * service cannot be reached (no configuration, no curl, nothing listening, an error status) does it start the
 * JVM, which answers the hook itself and starts
 * the service for the next call; when the service took the call but did not answer in time, the hook fails
 * (exit 1) rather than do the call's work a second time, later still, unless the call was a Stop or a SessionEnd,
 * whose work the service queues and answers once queued: that hook exits 0 quietly. A Claude Code SessionEnd that no
 * service took is queued by the script itself under bash 5 (the job file {@code ServiceClient.handOver} writes, in
 * {@code <home>/service/queue/}) and the service started in the background, so that the hook ends in milliseconds:
 * a JVM's start alone can pass SessionEnd's 1.5 s under load. The hook's stdin is read once and handed to whichever answers. Whatever
 * happens, a hook call exits 0 or 1, never 2, which Claude Code reads as "block".
 *
 * <p>For {@code engram mcp} (stdio; nothing else on the command line but {@code --project DIR}) under bash 4 or
 * later, while the service runs,
 * the script relays each line of stdin to the service's MCP endpoint ({@code <home>/service/mcp.addr}) and prints
 * each answer as a line: the client's {@code initialize} is answered without a JVM start. With no service there,
 * the JVM serves. The relay keeps bounds of its own, so that no message and no service ends it or hangs it: a line
 * over the service's bound ({@code mcp.maxMessageBytes}) is not sent and its request gets a JSON-RPC error naming
 * the bound; a request whose answer does not begin within {@code ENGRAM_MCP_ANSWER_SECONDS} (300 by default) gets
 * an error and a line on stderr; an answer over sixteen times the message bound (64 MiB) is not read. The session
 * goes on.
 *
 * <p>The two relays' shell functions are {@link LauncherHookRelay}'s and {@link LauncherMcpRelay}'s; this class puts
 * them in the script around the lines that choose between the service and the JVM.
 */
public final class LauncherScript {
  /** The line that marks a launcher as written by {@code engram install}. */
  static final String MARK = "# engram launcher: written by 'engram install', removed by 'engram uninstall'.";

  private static final Path BASH = Path.of("/bin/bash");
  private static final Path SH = Path.of("/bin/sh");

  private LauncherScript() {}

  /** The script for {@code jar}, falling back to {@code java} when none is on the PATH. */
  public static String text(Path jar, Path java, String version) {
    return text(jar, java, version, defaultShell());
  }

  /**
   * The script for {@code jar}, which starts java with the class archive {@code archive} whenever that file is
   * there (and its path can be passed on; see {@link ClassArchive#nameable}).
   */
  static String withArchive(Path jar, Path java, String version, Path archive) {
    String where = "jar=" + ShellWords.quoted(jar.toString());
    if (ClassArchive.nameable(archive)) {
      where += "\ncds=\nif [ -f " + ShellWords.quoted(archive.toString()) + " ]; then cds=" + ShellWords.quoted(ClassArchive.options(archive))
          + "; fi";
    }
    return script(RUN_JAR, where, java, version, defaultShell());
  }

  /** The script for {@code jar} run by {@code shell} (bash, or any POSIX shell). */
  static String text(Path jar, Path java, String version, Path shell) {
    return script(RUN_JAR, "jar=" + ShellWords.quoted(jar.toString()), java, version, shell);
  }



  // $cds (the class archive's options, or nothing) is left unquoted so that it splits into its options.
  private static final String RUN_JAR = "${cds:-} -jar \"$jar\"";

  /** The same script running the main class from {@code classPath} instead of a jar (for tests). */
  static String forClassPath(String classPath, Path java, String version) {
    return script("-cp \"$cp\" " + RunningJar.MAIN_CLASS, "cp=" + ShellWords.quoted(classPath), java, version,
        defaultShell());
  }

  /** Whether the launcher written here runs under bash (and so reaches the service without curl). */
  public static boolean runsUnderBash() {
    return defaultShell().equals(BASH);
  }

  /** bash when the system has it (the hook then needs no other process), else the POSIX shell. */
  static Path defaultShell() {
    return Files.isExecutable(BASH) ? BASH : SH;
  }



  private static String script(String run, String where, Path java, String version, Path shell) {
    return "#!" + shell + "\n"
        + MARK + "\n"
        + "# engram " + version + ". ENGRAM_JAVA_OPTS passes options to the JVM.\n"
        + where + "\n"
        + "if command -v java >/dev/null 2>&1; then java=java; else java=" + ShellWords.quoted(java.toString()) + "; fi\n"
        + "event= agent=claude\n"
        + "if [ \"$#\" -eq 2 ] && [ \"$1\" = hook ]; then event=$2; fi\n"
        + "if [ \"$#\" -eq 4 ] && [ \"$1\" = hook ] && [ \"$2\" = --agent ]; then\n"
        + "  case $3 in claude|claude-code|codex|gemini|opencode|cursor) agent=$3; event=$4 ;; esac\n"
        + "fi\n"
        + "if [ \"$#\" -eq 3 ] && [ \"$1\" = hook ]; then\n"
        + "  case $2 in --agent=claude|--agent=claude-code|--agent=codex|--agent=gemini|--agent=opencode|--agent=cursor)"
        + " agent=${2#--agent=}; event=$3 ;; esac\n"
        + "fi\n"
        + "# The service's files are named for Claude Code's events: an agent's own name for one is read as that.\n"
        + "case $agent:$event in\n"
        + ownEventNames()
        + "esac\n"
        + "if [ -n \"$event\" ] && [ \"${ENGRAM_SERVICE:-}\" != off ]; then\n"
        + "  # A coding agent's hook: Engram's resident service answers in milliseconds, over bash's /dev/tcp or through\n"
        + "  # curl; a JVM starts only when it cannot. Exit 0 or 1, never 2 (Claude Code reads 2 as \"block\").\n"
        + "  service=\"${ENGRAM_HOME:-$HOME/.engram}/service\"\n"
        + "  conf=\"$service/hook-$event.curl\"\n"
        + "  reached=\n"
        + LauncherHookRelay.function(run).indent(2)
        + "  case ${BASH_VERSION:-} in\n"
        + "    [4-9].*|[1-9][0-9]*) input=$(< /dev/stdin); hook_over_tcp \"$event\" ;;\n"
        + "    *) input=$(cat) ;;\n"
        + "  esac\n"
        + "  if [ -z \"$reached\" ] && [ -f \"$conf\" ] && command -v curl >/dev/null 2>&1; then\n"
        + "    answer=$(printf '%s' \"$input\" | curl -q -K \"$conf\" -H \"Engram-Agent: $agent\" -w '%{http_code}' 2>/dev/null)\n"
        + "    code=$?\n"
        + "    case $answer in\n"
        + "      *200) answer=${answer%200}; [ -z \"$answer\" ] || printf '%s\\n' \"$answer\"; exit 0 ;;\n"
        + "      *422) printf 'engram hook %s: %s\\n' \"$event\" \"${answer%422}\" >&2; exit 1 ;;\n"
        + "    esac\n"
        + "    # 28: the service took the call but did not answer in time; a JVM now would be later still, and\n"
        + "    # would do the call's work a second time.\n"
        + "    if [ \"$code\" -eq 28 ]; then\n"
        + "      case $event in " + LauncherHookRelay.QUEUED + ") exit 0 ;; esac\n"
        + "      echo \"engram hook $event: the Engram service did not answer in time (see engram daemon status)\" >&2\n"
        + "      exit 1\n"
        + "    fi\n"
        + "  fi\n"
        + "  # No service took it: a Claude Code SessionEnd is queued for the next one without a JVM.\n"
        + "  case ${BASH_VERSION:-} in [5-9].*|[1-9][0-9]*) [ \"$event\" != " + HookEvent.SESSION_END.hookName()
        + " ] || hook_queue ;; esac\n"
        + "  printf '%s' \"$input\" | \"$java\" ${ENGRAM_JAVA_OPTS:-} " + run + " \"$@\" || exit 1\n"
        + "  exit 0\n"
        + "fi\n"
        + "project=\n"
        + "if [ \"$#\" -eq 1 ] && [ \"$1\" = mcp ]; then project=$PWD; fi\n"
        + "if [ \"$#\" -eq 3 ] && [ \"$1\" = --project ] && [ \"$3\" = mcp ]; then project=$2; fi\n"
        + "if [ -n \"$project\" ] && [ \"${ENGRAM_SERVICE:-}\" != off ]; then\n"
        + "  # Claude Code's MCP server over stdio: relayed to the resident service, warm, when it runs.\n"
        + "  service=\"${ENGRAM_HOME:-$HOME/.engram}/service\"\n"
        + LauncherMcpRelay.function(run).indent(2)
        + "  case ${BASH_VERSION:-} in [4-9].*|[1-9][0-9]*) mcp_over_tcp ;; esac\n"
        + "fi\n"
        + "exec \"$java\" ${ENGRAM_JAVA_OPTS:-} " + run + " \"$@\"\n";
  }

  /** A case arm per agent's own name for an event ({@code gemini:BeforeAgent) event=UserPromptSubmit ;;}). */
  private static String ownEventNames() {
    StringBuilder arms = new StringBuilder();
    for (HookDialect dialect : HookDialect.values()) {
      for (HookEvent event : HookEvent.values()) {
        String own = dialect.eventName(event);
        if (!own.equals(event.hookName())) {
          arms.append("  ").append(dialect.agent().id()).append(':').append(own).append(") event=")
              .append(event.hookName()).append(" ;;\n");
        }
      }
    }
    return arms.toString();
  }

  /** Whether {@code file} is a launcher written by {@code engram install} (a regular file, not a link, with the mark). */
  static boolean isOurs(Path file) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      String head = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
      return (head.startsWith("#!" + SH + "\n") || head.startsWith("#!" + BASH + "\n"))
          && head.substring(head.indexOf('\n') + 1).startsWith(MARK + "\n");
    }
  }
}
