package io.engram.hooks;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.instructions.InstructionFile;
import io.engram.instructions.InstructionLoader;
import io.engram.instructions.LoadWarning;
import io.engram.instructions.LoadedInstructions;
import io.engram.instructions.SessionInstructions;
import io.engram.tokens.JtokkitTokenCounter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * PostToolUse: the instruction files of the directories between the project and a file the agent read or
 * changed, the first time the session touches that subtree ({@link SessionInstructions}).
 *
 * <p>Claude Code loads a subdirectory's {@code CLAUDE.md} and {@code CLAUDE.local.md} itself when it reads a
 * file there, so those (and the files they import) are not sent again; the other configured names
 * ({@code AGENTS.md} by default) it never loads, and they are what this hook adds. A file directly in the
 * project or outside it costs no more than a path comparison. After a compaction or a clear the session's
 * record is dropped, as the context lost what was sent. What is sent stays within {@code hooks.contextCharCap}
 * like every hook's context: a longer file is sent up to a line that fits, saying where the rest is.
 */
final class InstructionsOnRead {
  /** The file names Claude Code loads itself below the working directory. */
  private static final Set<String> CLAUDE_CODE_LOADS = Set.of("CLAUDE.md", "CLAUDE.local.md");

  private final SessionInstructions sessions;
  private final int cap;

  InstructionsOnRead(EngramRoots roots, EngramSettings settings) {
    this.sessions = new SessionInstructions(new InstructionLoader(settings.instructions(), roots,
        new JtokkitTokenCounter()), roots.engramHome(), Duration.ofMillis(settings.hooks().sessionLockWaitMillis()));
    this.cap = settings.hooks().contextCharCap();
  }

  /**
   * What the agent should read with the tool's answer: the due files rendered as instructions, or empty.
   * Each file sent or left to Claude Code is a log line.
   */
  Optional<String> due(HookInput input, List<String> log) throws IOException {
    Optional<Path> file = input.tool().flatMap(HookInput.ToolCall::file);
    if (file.isEmpty()) {
      return Optional.empty();
    }
    LoadedInstructions found = sessions.dueFor(input.sessionId(), file.get());
    for (LoadWarning w : found.warnings()) {
      if (w.kind() != LoadWarning.Kind.DUPLICATE) {
        log.add(w.message());
      }
    }
    List<InstructionFile> ours = found.files().stream().filter(f -> !claudeCodeLoads(f)).toList();
    found.files().stream().filter(InstructionsOnRead::claudeCodeLoads)
        .forEach(f -> log.add(f.path() + ": loaded by Claude Code itself, not sent again"));
    ours.forEach(f -> log.add("sent instruction file " + f.path()));
    String text = new LoadedInstructions(ours, List.of()).render();
    if (text.isBlank()) {
      return Optional.empty();
    }
    // Within the cap as every other hook's context, whole lines, naming where the rest is.
    InjectedContext out = new InjectedContext(cap, "");
    out.addLines(text, cap, "the rest is in " + ours.stream().map(f -> f.path().toString())
        .collect(java.util.stream.Collectors.joining(", ")) + "; read it there");
    return Optional.of(out.render());
  }

  /** Forgets what the session was sent, after a SessionStart of {@code source} that emptied the context. */
  void startedAgain(String sessionId, String source) throws IOException {
    if (source.equals("compact") || source.equals("clear")) {
      sessions.forget(sessionId);
    }
  }

  private static boolean claudeCodeLoads(InstructionFile f) {
    Path top = f.importedFrom().isEmpty() ? f.path() : f.importedFrom().get(0);
    return CLAUDE_CODE_LOADS.contains(top.getFileName().toString());
  }
}
