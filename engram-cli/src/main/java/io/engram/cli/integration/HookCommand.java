package io.engram.cli.integration;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.GlobalOptions;
import io.engram.cli.wiring.Models;
import io.engram.cli.wiring.RecallWiring;
import io.engram.dream.Dream;
import io.engram.hooks.HookEvent;
import io.engram.hooks.HookInput;
import io.engram.hooks.HookRunner;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram hook EVENT}: answers one Claude Code hook call (JSON on stdin, JSON on stdout). */
@Command(
    name = "hook",
    mixinStandardHelpOptions = true,
    description = {
      "Answer one Claude Code hook call (hook JSON on stdin).",
      "The input carries session_id, transcript_path, cwd, prompt and so on.",
      "SessionStart and UserPromptSubmit print {\"hookSpecificOutput\":{\"hookEventName\":...,"
          + "\"additionalContext\":...}} when there is something to add; Stop, PreCompact and SessionEnd extract"
          + " the transcript's new turns into memory, Stop and PreCompact keep the session notes; they print"
          + " nothing. PostToolUse (a file read or changed) adds the instruction files of the directories down to it"
          + " the first time the session touches them. Log lines go to stderr.",
      "The project is --project, else the hook's cwd. Bad input: exit 1 with a message on stderr."})
public final class HookCommand implements Callable<Integer> {
  // Not JsonOutput's mapper: the one compact line needs no modules, and a hook call pays for every class it loads.
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What a hook that adds context prints, in Claude Code's shape, on one line. */
  record Output(SpecificOutput hookSpecificOutput) {}

  /** The event answered and the context added to the agent's prompt. */
  record SpecificOutput(String hookEventName, String additionalContext) {}

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "EVENT",
      description = "SessionStart | UserPromptSubmit | PreCompact | Stop | SessionEnd | PostToolUse")
  String eventName;

  /** Where the hook JSON comes from; tests replace it. */
  InputStream stdin = System.in;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    HookEvent event = HookEvent.parse(eventName).orElse(null);
    if (event == null) {
      err.println("engram hook: unknown event '" + eventName + "' (expected " + HookEvent.choices() + ")");
      err.flush();
      return 2;
    }
    try {
      HookInput input = HookInput.parse(new String(stdin.readAllBytes(), StandardCharsets.UTF_8));
      input.eventName().filter(n -> !n.equalsIgnoreCase(event.hookName())).ifPresent(n ->
          err.println("engram hook: hook_event_name is " + n + " but the command says " + event.hookName()
              + "; answering " + event.hookName()));
      GlobalOptions global = GlobalOptions.of(spec);
      input.cwd().ifPresent(global::defaultProject);
      ProjectMemory memory = MemoryStores.open(global.roots(), global.settings(), Clock.systemUTC(),
          Dream.sessionCounter());
      HookRunner runner = new HookRunner(global.roots(), memory, global.settings(),
          Models.router(global, input.sessionId()), Clock.systemUTC(),
          RecallWiring.recall(global, memory, RecallWiring.Caller.HOOK, input.sessionId()));
      HookRunner.Answer answer = runner.run(event, input);
      answer.log().forEach(line -> err.println("engram hook " + event.hookName() + ": " + line));
      err.flush();
      if (answer.additionalContext().isPresent()) {
        PrintWriter out = spec.commandLine().getOut();
        out.println(JSON.writeValueAsString(new Output(new SpecificOutput(event.hookName(),
            answer.additionalContext().get()))));
        out.flush();
      }
      return 0;
    } catch (IOException | RuntimeException e) {
      // A hook must fail with one line, never a stack trace in the agent's view.
      err.println("engram hook " + event.hookName() + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
      err.flush();
      return 1;
    }
  }
}
