package io.engram.cli.integration;

import io.engram.cli.output.Examples;
import io.engram.Engram;
import io.engram.cli.global.GlobalOptions;
import io.engram.config.EngramRoots;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.service.ServiceClient;
import io.engram.service.wiring.RecallWiring;
import io.engram.fs.ErrorText;
import io.engram.hooks.HookDialect;
import io.engram.hooks.HookEvent;
import io.engram.hooks.HookInput;
import io.engram.hooks.HookRunner;
import io.engram.transcript.AgentSessionFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code engram hook [--agent AGENT] EVENT}: answers one hook call of a coding agent (JSON on stdin, the agent's
 * answer on stdout), read and answered in the agent's contract ({@link HookDialect}).
 *
 * <p>The resident service answers when it runs (the launcher asks it over bash's /dev/tcp or with curl before a JVM starts; this
 * command asks it too, for hooks installed as {@code java -jar}). When it does not, the call is answered here,
 * in this process, and the service is started in the background for the next call: SessionStart,
 * UserPromptSubmit, Stop and PreCompact do their work here (recall keyword-only, as a JVM per call cannot
 * afford the embedding model); SessionEnd, whose 1.5 s cannot hold that work, is queued for the service.
 * {@code ENGRAM_SERVICE=off} keeps every call in its own process, SessionEnd included.
 */
@Examples({
    "echo '{\"session_id\":\"s1\",\"prompt\":\"deploy?\"}' | engram hook UserPromptSubmit",
    "engram hook --agent gemini BeforeAgent < hook-input.json"})
@Command(
    name = "hook",
    mixinStandardHelpOptions = true,
    description = {
      "Answer one hook call of a coding agent (hook JSON on stdin).",
      "The input carries session_id, transcript_path, cwd, prompt and so on; with --agent, the agent's own fields"
          + " (Cursor's conversation_id and workspace_roots), and a missing transcript_path is found from the session's"
          + " id (Codex rollouts, Cursor agent transcripts).",
      "SessionStart and UserPromptSubmit print {\"hookSpecificOutput\":{\"hookEventName\":...,"
          + "\"additionalContext\":...}} when there is something to add; Stop, PreCompact and SessionEnd extract"
          + " the transcript's new turns into memory, Stop and PreCompact keep the session notes; they print"
          + " nothing. Gemini CLI always gets a JSON object, Cursor its {\"additional_context\", \"continue\"}"
          + " shape. PostToolUse (a file read or changed) adds the instruction files of the directories down to it"
          + " the first time the session touches them. Log lines go to stderr.",
      "The resident service answers when it runs (see 'engram daemon'); otherwise this process does and starts"
          + " the service for the next call. ENGRAM_SERVICE=off keeps every call in its own process.",
      "The project is --project, else the hook's cwd. Any error (bad input, an unknown event or option) exits 1"
          + " with one line on stderr, never 2, which Claude Code reads as 'block'. Output is UTF-8."})
public final class HookCommand implements Callable<Integer> {
  /** The environment variable that keeps hooks away from the resident service ({@code off}). */
  public static final String SERVICE_ENV = "ENGRAM_SERVICE";

  @Spec CommandSpec spec;

  @Option(names = "--agent", paramLabel = "AGENT", defaultValue = "claude",
      description = "The coding agent that calls: claude, codex, gemini, opencode or cursor (default:"
          + " ${DEFAULT-VALUE}). Its event names, input fields and answer shape are used.")
  String agentName;

  @Parameters(index = "0", paramLabel = "EVENT",
      description = "SessionStart | UserPromptSubmit | PreCompact | Stop | SessionEnd | PostToolUse, or the agent's"
          + " own name for one (BeforeAgent, AfterAgent, PreCompress in Gemini CLI; sessionStart, stop, preCompact,"
          + " sessionEnd in Cursor)")
  String eventName;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    HookDialect dialect = HookDialect.parse(agentName).orElse(null);
    if (dialect == null) {
      err.println("engram hook: unknown agent '" + agentName + "' (expected " + HookDialect.choices() + ")");
      err.flush();
      return 1;
    }
    HookEvent event = dialect.event(eventName).orElse(null);
    if (event == null) {
      // Exit 1, never 2: Claude Code reads 2 as "block" (it would erase the prompt or keep the agent going).
      err.println("engram hook: unknown event '" + eventName + "'"
          + (dialect == HookDialect.CLAUDE_CODE ? "" : " for " + dialect.agent().displayName())
          + " (expected " + dialect.eventChoices() + ")");
      err.flush();
      return 1;
    }
    try {
      // System.in as it is when this call runs, not when the command line was built: one built once may run many calls.
      String body = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
      GlobalOptions global = GlobalOptions.of(spec);
      EngramRoots homes = global.homes();
      HookDialect.Call call = dialect.call(event, body, new HookDialect.Places(homes.engramHome(),
          AgentSessionFiles.of(homes.userHome(), global.environment())));
      HookInput input = call.input().requireExistingCwd();
      call.notes().forEach(n -> err.println("engram hook: " + n));
      if (event.injectsContext() && !dialect.receivesContext(event)) {
        err.println("engram hook " + dialect.eventName(event) + ": " + dialect.agent().displayName()
            + " reads no context from this event; answered without recalling");
        err.flush();
        print(dialect.stdout(event, Optional.empty()));
        return 0;
      }
      Optional<Path> named = global.explicitProject();
      // Before anything resolves the roots: they are resolved once, with the project as it is then.
      input.cwd().ifPresent(global::defaultProject);
      boolean service = !"off".equalsIgnoreCase(global.environment().getOrDefault(SERVICE_ENV, "").strip());
      if (service) {
        Optional<Integer> answered = throughService(global, event, dialect, call.body(), named);
        if (answered.isPresent()) {
          return answered.get();
        }
      }
      if (service && event == HookEvent.SESSION_END) {
        ServiceClient.handOver(global.roots().engramHome(), event, global.roots().projectDir(), call.body());
        err.println("engram hook SessionEnd: queued for the Engram service");
        err.flush();
        print(dialect.stdout(event, Optional.empty()));
        return 0;
      }
      return inProcess(global, event, dialect, input);
    } catch (IOException | RuntimeException e) {
      // A hook must fail with one line, never a stack trace in the agent's view.
      err.println("engram hook " + event.hookName() + ": " + ErrorText.of(e));
      err.flush();
      return 1;
    }
  }

  /**
   * Asks the running service; empty when none answered, in which case one is started in the background for the
   * next call (this call is answered here). A service that is not there, or a stale {@code service.json} naming
   * another process, is found out by asking: the start is harmless when one runs after all (a second service finds
   * the home's lock held and exits).
   */
  private Optional<Integer> throughService(GlobalOptions global, HookEvent event, HookDialect dialect, String body,
      Optional<Path> named) throws IOException {
    Path home = global.roots().engramHome();
    Optional<ServiceClient> client = ServiceClient.find(home);
    if (client.isPresent()) {
      Duration wait = Duration.ofMillis(global.settings().service().answerMillis())
          .plusSeconds(event == HookEvent.PRE_COMPACT ? global.settings().service().preCompactWaitSeconds() : 0);
      Optional<ServiceClient.Reply> reply = client.get().hook(event, dialect, body, named, wait);
      if (reply.isPresent() && reply.get().answered()) {
        print(reply.get().body());
        return Optional.of(0);
      }
      if (reply.isPresent() && reply.get().refused()) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("engram hook " + event.hookName() + ": " + reply.get().body().strip());
        err.flush();
        return Optional.of(1);
      }
      if (reply.isPresent()) {
        return Optional.empty(); // it answered, with another status: it runs, and this call is answered here
      }
    }
    ServiceStarter.startInBackground(home, global.environment(), global.settings().service());
    return Optional.empty();
  }

  private int inProcess(GlobalOptions global, HookEvent event, HookDialect dialect, HookInput input)
      throws IOException {
    Engram engram = MemoryAccess.engram(spec, RecallWiring.Caller.HOOK, input.sessionId(),
        "engram hook " + event.hookName());
    HookRunner.Answer answer = engram.hooks().run(event, input);
    PrintWriter err = spec.commandLine().getErr();
    answer.log().forEach(line -> err.println("engram hook " + event.hookName() + ": " + line));
    err.flush();
    print(dialect.stdout(event, answer.additionalContext(), answer.warnings()));
    return 0;
  }

  private void print(String stdout) {
    if (!stdout.isBlank()) {
      PrintWriter out = spec.commandLine().getOut();
      out.println(stdout.strip());
      out.flush();
    }
  }
}
